/**
 * Gage R&R studies: a metrologist defines one, each operator records the readings at a station in a
 * randomised order, and the result is computed by ../../spc (gageRr) once every reading is in.
 */
import { randomInt } from 'node:crypto';
import { conflict, forbidden, notFound, unprocessable } from '@app/kit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { nowIso } from '../../http/time.js';
import { gageRr } from '../../spc/index.js';
import { gageStudiesRepository as repo } from './gage-studies.repository.js';
import type { GageStudy, GageStudyCreate, GageStudyResult, RecordedReading } from './gage-studies.schema.js';
import { runOrder } from './run-order.js';

const OPERATOR_ROLE = 'MeasurementTec';

export function createGageStudiesService(db: Kysely<DB>) {
  async function studies(filter: Parameters<typeof repo.studies>[1]): Promise<GageStudy[]> {
    const rows = await repo.studies(db, filter);
    if (rows.length === 0) return [];
    const operators = await repo.operators(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const own = operators
        .filter((o) => o.study_id === row.id)
        .map(({ study_id: _, ...o }) => ({ ...o, recorded: Number(o.recorded), total: Number(o.total) }));
      return { ...row, operators: own, complete: own.every((o) => o.recorded === o.total) };
    });
  }

  async function studyOrThrow(id: number): Promise<GageStudy> {
    const [study] = await studies({ id });
    if (!study) throw notFound(`Gage study ${id} not found`);
    return study;
  }

  function operatorOf(study: GageStudy, userId: number) {
    const operator = study.operators.find((o) => o.user_id === userId);
    if (!operator) throw forbidden(`You are not an operator of gage study ${study.id}`);
    return operator;
  }

  return {
    studies,
    get: studyOrThrow,
    candidates: () => repo.candidates(db, OPERATOR_ROLE),

    async create(body: GageStudyCreate, by: number): Promise<GageStudy> {
      const subtask = await repo.subtask(db, body.subtask_id);
      if (!subtask) throw notFound(`Subtask ${body.subtask_id} not found`);
      const users = await repo.users(db, body.operator_ids);
      for (const id of body.operator_ids) {
        const user = users.find((u) => u.id === id);
        if (!user?.active || !(JSON.parse(user.roles) as string[]).includes(OPERATOR_ROLE)) {
          throw unprocessable(
            `body.operator_ids: user ${id} is not an active user with the ${OPERATOR_ROLE} role`,
          );
        }
      }
      const seed = body.seed ?? randomInt(0, 2_147_483_647);
      const createdAt = nowIso();
      const id = await db.transaction().execute(async (tx) => {
        const { id } = await repo.insertStudy(tx, {
          recipe_id: subtask.recipe_id,
          subtask_id: subtask.id,
          name: body.name?.trim() || `Gage R&R #${subtask.marker_number} ${createdAt.slice(0, 10)}`,
          parts: body.parts,
          trials: body.trials,
          seed,
          tolerance: subtask.utl - subtask.ltl,
          created_by: by,
          created_at: createdAt,
        });
        await repo.insertOperators(
          tx,
          body.operator_ids.map((user_id, i) => ({ study_id: id, position: i + 1, user_id })),
        );
        await repo.insertPlan(
          tx,
          body.operator_ids.flatMap((user_id, i) =>
            runOrder(seed, i + 1, body.parts, body.trials).map((r) => ({ study_id: id, user_id, ...r })),
          ),
        );
        return id;
      });
      return studyOrThrow(id);
    },

    /** The studies in which the caller still has readings to take (the station's list). */
    async assigned(userId: number) {
      const open = await repo.openFor(db, userId);
      if (open.length === 0) return [];
      const found = await studies({ ids: open.map((o) => o.study_id) });
      return found.map((study) => {
        const { recorded, total } = operatorOf(study, userId);
        return { study, recorded, total };
      });
    },

    async next(studyId: number, userId: number) {
      const study = await studyOrThrow(studyId);
      const { recorded, total } = operatorOf(study, userId);
      const next = await repo.nextReading(db, studyId, userId);
      return {
        study,
        recorded,
        total,
        next: next ? { sequence: next.sequence, part: next.part, trial: next.trial } : null,
      };
    },

    /**
     * Records the caller's next reading. The station sends the sequence it showed, so a reading typed for
     * one part can never land on another: anything but the next sequence is a 409, and a reading already
     * recorded is never overwritten (a double submit, or two tabs, get a 409 and the first value stays).
     */
    async record(
      studyId: number,
      userId: number,
      body: { sequence: number; value: number },
    ): Promise<RecordedReading> {
      const study = await studyOrThrow(studyId);
      operatorOf(study, userId);
      const next = await repo.nextReading(db, studyId, userId);
      if (!next || body.sequence < next.sequence) {
        throw conflict(
          `Reading ${body.sequence} of gage study ${studyId} is already recorded`,
          'ALREADY_RECORDED',
        );
      }
      if (body.sequence > next.sequence) {
        throw conflict(
          `Reading ${next.sequence} comes first (part ${next.part}, trial ${next.trial})`,
          'OUT_OF_ORDER',
        );
      }
      const recorded = await repo.record(db, next.id, body.value, nowIso());
      if (!recorded)
        throw conflict(
          `Reading ${body.sequence} of gage study ${studyId} is already recorded`,
          'ALREADY_RECORDED',
        );
      return recorded as RecordedReading;
    },

    async result(studyId: number): Promise<GageStudyResult> {
      const study = await studyOrThrow(studyId);
      if (!study.complete) {
        const missing = study.operators.reduce((n, o) => n + o.total - o.recorded, 0);
        throw conflict(
          `Gage study ${studyId} is not complete: ${missing} readings missing`,
          'STUDY_INCOMPLETE',
        );
      }
      const values = Array.from({ length: study.parts }, () =>
        study.operators.map(() => new Array<number>(study.trials).fill(Number.NaN)),
      );
      for (const r of await repo.readings(db, studyId)) {
        (values[r.part - 1]?.[r.position - 1] as number[])[r.trial - 1] = r.value as number;
      }
      const { anova, ...figures } = gageRr(values, study.tolerance);
      return {
        study,
        anova: {
          with_interaction: anova.withInteraction,
          without_interaction: anova.withoutInteraction,
          interaction_pooled: anova.interactionPooled,
        },
        ...figures,
      };
    },
  };
}

export type GageStudiesService = ReturnType<typeof createGageStudiesService>;
