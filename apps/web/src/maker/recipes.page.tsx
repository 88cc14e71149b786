import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/client';
import type { Paged, Recipe, RecipeSummary } from '../api/types';
import { formatDateTime } from '../format';
import { FormActions } from '../ui/form-actions';
import { Pager } from '../ui/pager';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';

const PER_PAGE = 20;

export function RecipesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const recipes = useQuery({
    queryKey: ['recipes', search, page],
    queryFn: () => api<Paged<RecipeSummary>>('/recipes', { query: { page, per_page: PER_PAGE, search } }),
    placeholderData: (previous) => previous,
  });

  return (
    <section>
      <h1>{t('maker.recipes')}</h1>
      <CreateRecipeForm />
      <div className="toolbar">
        <label className="inline">
          {t('common.search')}
          <input
            type="search"
            name="search"
            value={search}
            maxLength={200}
            placeholder={t('maker.searchPlaceholder')}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <ErrorBox error={recipes.error} />
      {recipes.isPending ? (
        <Loading />
      ) : recipes.data && recipes.data.items.length === 0 ? (
        <p className="muted">{t('maker.noRecipes')}</p>
      ) : (
        recipes.data && (
          <>
            <table>
              <thead>
                <tr>
                  <th>{t('common.code')}</th>
                  <th>{t('common.name')}</th>
                  <th>{t('maker.version')}</th>
                  <th>{t('common.description')}</th>
                  <th>{t('maker.created')}</th>
                </tr>
              </thead>
              <tbody>
                {recipes.data.items.map((recipe) => (
                  <tr key={recipe.id}>
                    <td>
                      <Link to={`/maker/recipes/${recipe.id}`}>{recipe.code}</Link>
                    </td>
                    <td>{recipe.name}</td>
                    <td>{recipe.current_version?.version_number ?? '–'}</td>
                    <td className="muted">{recipe.description}</td>
                    <td>{formatDateTime(recipe.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={recipes.data.page}
              pages={recipes.data.pages}
              total={recipes.data.total}
              onPage={setPage}
            />
          </>
        )
      )}
    </section>
  );
}

function CreateRecipeForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, error, busy } = useAction();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ code: '', name: '', description: '', change_notes: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await run(() => api<Recipe>('/recipes', { method: 'POST', body: form }));
    if (created) navigate(`/maker/recipes/${created.id}`);
  }

  if (!open) {
    return (
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        {t('maker.newRecipe')}
      </button>
    );
  }
  const field = (name: keyof typeof form, label: string, max: number, required = false) => (
    <label>
      {label}
      <input
        name={name}
        value={form[name]}
        maxLength={max}
        required={required}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
    </label>
  );
  return (
    <form className="card" onSubmit={submit}>
      <h2 style={{ marginTop: 0 }}>{t('maker.newRecipe')}</h2>
      <div className="row">
        {field('code', t('common.code'), 100, true)}
        {field('name', t('common.name'), 255, true)}
        {field('description', t('common.description'), 2000)}
        {field('change_notes', t('maker.changeNotes'), 2000)}
      </div>
      <ErrorBox error={error} />
      <FormActions busy={busy} submitLabel="create" onCancel={() => setOpen(false)} />
    </form>
  );
}
