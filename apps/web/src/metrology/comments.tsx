/**
 * Comments on measurements in the measurement table: each row's comments (who, when, what) and a short form
 * to add one. Adding refreshes the table's comments and the chart, whose tooltips show them too.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { MeasurementComment } from '../api/metrology-types';
import type { Paged } from '../api/types';
import { formatDateTime } from '../format';
import { ErrorBox } from '../ui/status';
import { useAction } from '../ui/use-action';

/** The API's limit (features/comments/comments.schema.ts). */
export const MAX_COMMENT_LENGTH = 500;

/** Comments on the given measurements (a page of the table), by measurement id, oldest first. */
export function useComments(recipeId: number | null | undefined, ids: number[]) {
  return useQuery({
    queryKey: ['comments', recipeId, ids],
    enabled: typeof recipeId === 'number' && ids.length > 0,
    queryFn: async () => {
      const answer = await api<Paged<MeasurementComment>>('/comments', {
        query: { recipe_id: recipeId, measurement_ids: ids.join(','), per_page: 500 },
      });
      const byMeasurement = new Map<number, MeasurementComment[]>();
      for (const comment of [...answer.items].reverse()) {
        const list = byMeasurement.get(comment.measurement_id) ?? [];
        list.push(comment);
        byMeasurement.set(comment.measurement_id, list);
      }
      return byMeasurement;
    },
  });
}

export function CommentCell({
  measurementId,
  comments,
}: {
  measurementId: number;
  comments: MeasurementComment[] | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = useAction();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await action.run(() =>
      api<MeasurementComment>(`/measurements/${measurementId}/comments`, { method: 'POST', body: { text } }),
    );
    if (!done) return;
    await Promise.all(
      ['comments', 'control'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
    setText('');
    setOpen(false);
  };
  return (
    <div className="comments" data-testid="comments">
      {comments?.map((comment) => (
        <p key={comment.id} className="comment">
          {comment.text}{' '}
          <span className="muted">
            — {comment.author}, {formatDateTime(comment.created_at)}
          </span>
        </p>
      ))}
      {open ? (
        <form onSubmit={submit} className="row">
          <input
            name="comment"
            aria-label={t('comments.text')}
            value={text}
            maxLength={MAX_COMMENT_LENGTH}
            required
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="primary" disabled={action.busy || text.trim() === ''}>
            {t('comments.save')}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
          <ErrorBox error={action.error} />
        </form>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          {t('comments.add')}
        </button>
      )}
    </div>
  );
}
