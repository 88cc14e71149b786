import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fileObjectUrl } from '../api/client';
import { useSettings } from '../api/settings-query';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';

export function SettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const save = useAction();
  const logo = useAction();
  const [delimiter, setDelimiter] = useState(',');
  const [decimal, setDecimal] = useState('.');
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setDelimiter(settings.data.csv_delimiter || ',');
    setDecimal(settings.data.csv_decimal_separator || '.');
  }, [settings.data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (delimiter === decimal) return; // a CSV whose delimiter is also the decimal mark cannot be read back
    const done = await save.run(() =>
      api('/settings/', {
        method: 'PUT',
        body: { csv_delimiter: delimiter, csv_decimal_separator: decimal },
      }),
    );
    if (done) {
      setMessage(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    }
  }

  async function uploadLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    const done = await logo.run(() => api('/settings/logo', { method: 'POST', body }));
    if (done) {
      setMessage(t('admin.logoUploaded'));
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    }
  }

  if (settings.isPending) return <Loading />;
  return (
    <section>
      <h1>{t('admin.settings')}</h1>
      <ErrorBox error={settings.error} />
      {message && (
        <div className="ok-box" role="status">
          {message}
        </div>
      )}
      <form className="card row" onSubmit={submit}>
        <label>
          {t('admin.csvDelimiter')}
          <select name="csv_delimiter" value={delimiter} onChange={(e) => setDelimiter(e.target.value)}>
            <option value=",">{t('admin.comma')}</option>
            <option value=";">{t('admin.semicolon')}</option>
            <option value={'\t'}>{t('admin.tab')}</option>
          </select>
        </label>
        <label>
          {t('admin.csvDecimal')}
          <select name="csv_decimal_separator" value={decimal} onChange={(e) => setDecimal(e.target.value)}>
            <option value=".">{t('admin.point')}</option>
            <option value=",">{t('admin.decimalComma')}</option>
          </select>
        </label>
        <button type="submit" className="primary" disabled={save.busy || delimiter === decimal}>
          {t('common.save')}
        </button>
        {delimiter === decimal && (
          <span className="field-error" role="alert">
            {t('admin.sameSeparator')}
          </span>
        )}
        <ErrorBox error={save.error} />
      </form>
      <div className="card">
        <h2 style={{ marginTop: 0 }}>{t('admin.logo')}</h2>
        {settings.data?.company_logo_path && <Logo path={settings.data.company_logo_path} />}
        <label className="inline">
          {t('admin.uploadLogo')}
          <input
            type="file"
            name="logo"
            accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
            onChange={uploadLogo}
          />
        </label>
        <ErrorBox error={logo.error} />
      </div>
    </section>
  );
}

function Logo({ path }: { path: string }) {
  const { t } = useTranslation();
  // The setting may be stored with or without the uploads/ prefix; the files API takes the path below it.
  const relative = path.replace(/^uploads\//, '');
  const url = useQuery({
    queryKey: ['file', relative],
    queryFn: () => fileObjectUrl(relative),
    staleTime: 0,
  });
  if (!url.data) return null;
  return (
    <img
      src={url.data}
      alt={t('admin.logo')}
      style={{ maxHeight: 80, display: 'block', marginBottom: '0.5rem' }}
    />
  );
}
