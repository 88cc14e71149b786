/**
 * A metrologist's comments on measurements: added, read per point and per recipe; never changed or deleted,
 * so a comment stays part of the point's record next to its exclusions.
 */
import { notFound, unprocessable } from '@app/kit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { nowIso, paged, pageWindow } from '../../http/time.js';
import { commentsRepository } from './comments.repository.js';
import type { Comment, CommentCreate, CommentListQueryType } from './comments.schema.js';

export function createCommentsService(db: Kysely<DB>) {
  const measurementOrThrow = async (id: number) => {
    if (!(await commentsRepository.measurement(db, id))) throw notFound(`Measurement ${id} not found`);
  };

  return {
    async add(measurementId: number, body: CommentCreate, by: number): Promise<Comment> {
      const text = body.text.trim();
      if (text === '') throw unprocessable('body.text: must not be blank');
      await measurementOrThrow(measurementId);
      return commentsRepository.insert(db, {
        measurement_id: measurementId,
        text,
        created_by: by,
        created_at: nowIso(),
      });
    },

    async ofMeasurement(measurementId: number): Promise<Comment[]> {
      await measurementOrThrow(measurementId);
      return commentsRepository.ofMeasurement(db, measurementId);
    },

    async list({ page, per_page, measurement_ids, ...filters }: CommentListQueryType) {
      const ids = measurement_ids?.split(',').map(Number);
      const query = commentsRepository.listQuery(db, {
        ...filters,
        ...(ids ? { measurement_ids: ids } : {}),
      });
      const { offset, limit } = pageWindow(page, per_page);
      const [rows, count] = await Promise.all([
        query.orderBy('measurement_comments.id', 'desc').offset(offset).limit(limit).execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return paged(rows, Number(count.n), page, per_page);
    },
  };
}
