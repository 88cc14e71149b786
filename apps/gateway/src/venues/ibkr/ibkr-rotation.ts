// Key rotation is an admin operation, not a tool call: its requests have their own timeouts only.

import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppError } from '@app/kit';
import { NO_DEADLINE } from '../../upstream/call-deadline.js';
import { CredentialSet, type CredentialStore, checkFields } from '../../upstream/credentials.js';
import type { Connection } from '../../upstream/upstream-connection.js';
import type { Environment } from '../../upstream/upstream-types.js';
import { type IbkrKeys, keysOf, type LiveSession, mintLiveSession, signRequest } from './ibkr-authorizer.js';
import type { IbkrClient } from './ibkr-client.js';
import { IBKR_FIELDS, ibkrCredentials, loadIbkrCredentials } from './ibkr-credentials.js';

export type RotationStage = 'staged_check' | 'online_validation' | 'swap' | 'post_swap_check' | 'rollback';

export interface StageReport {
  stage: RotationStage;
  ok: boolean;
  error?: string;
}

/** Where the sets of one environment live (notes §2.3, §7): `<env>/`, `<env>.staged/`, `<env>.previous/`. */
export interface RotationFolders {
  active: string;
  staged: string;
  previous: string;
  failed: string;
}

export function foldersOf(
  activeFile: string | undefined,
  dataDir: string,
  env: 'paper' | 'live',
): RotationFolders {
  const active = activeFile ? dirname(activeFile) : join(dataDir, 'ibkr', env);
  return { active, staged: `${active}.staged`, previous: `${active}.previous`, failed: `${active}.failed` };
}

/** Offline checks of section 7 step 2: files load, keys differ, prime ≥ 2048 bits, secret decrypts, key length. */
export function checkStaged(folder: string): { values: Record<string, string>; keys: IbkrKeys } {
  const file = join(folder, 'credentials.json');
  if (!existsSync(file)) throw new Error(`no staged set: ${file} is missing`);
  const values = checkFields(ibkrCredentials, loadIbkrCredentials(file), 'staged set');
  if (values.private_signature_key === values.private_encryption_key)
    throw new Error('the signature and encryption keys are the same key');
  if (BigInt(`0x${values.dh_prime}`).toString(2).length < 2048)
    throw new Error('the DH prime is shorter than 2048 bits');
  if (values.consumer_key!.length !== 9) throw new Error('the consumer key is not 9 characters');
  const keys = keysOf(new CredentialSet(values, 0));
  if (keys.prepend.length === 0) throw new Error('the access token secret decrypts to nothing');
  return { values, keys };
}

/**
 * Key rotation of one environment (notes §7): the staged set is checked offline, validated online with its
 * own LST and one signed read (without touching the active session), swapped under the authorizer's gate
 * (new calls wait, then sign with the new set), checked after the swap, and rolled back on any failure after
 * the swap. `audit` is told every stage. One rotation per environment at a time (409 otherwise).
 */
export class IbkrRotation {
  readonly #running = new Set<Environment>();

  async rotate(options: {
    connection: Connection;
    store: CredentialStore;
    folders: RotationFolders;
    audit: (stage: StageReport) => Promise<void>;
  }): Promise<{ result: 'swapped' | 'rolled_back'; stages: StageReport[] }> {
    const { connection, folders } = options;
    const environment = connection.environment;
    if (this.#running.has(environment))
      throw new AppError(409, 'ROTATION_IN_PROGRESS', `a key rotation of ${environment} is already running`);
    this.#running.add(environment);
    const stages: StageReport[] = [];
    const report = async (stage: RotationStage, ok: boolean, error?: string) => {
      const entry = { stage, ok, ...(error ? { error } : {}) };
      stages.push(entry);
      await options.audit(entry);
    };
    const refuse = (code: string, message: string) =>
      new AppError(422, code, message, { details: { stages } });
    try {
      const client = connection.client<IbkrClient>();
      const authorizer = client.authorizer;
      if (!authorizer || !connection.credentials)
        throw new AppError(500, 'INTERNAL_ERROR', 'broker has no authorizer');
      let staged: ReturnType<typeof checkStaged>;
      try {
        staged = checkStaged(folders.staged);
        await report('staged_check', true);
      } catch (error) {
        await report('staged_check', false, (error as Error).message);
        throw refuse(
          'ROTATION_STAGED_INVALID',
          `the staged set of ${environment} failed its checks: ${(error as Error).message}`,
        );
      }
      let session: LiveSession;
      try {
        session = await mintLiveSession(
          { http: (host) => connection.http(host), now: Date.now },
          staged.keys,
          undefined,
        );
        await this.#signedRead(connection, staged.keys, session);
        await report('online_validation', true);
      } catch (error) {
        await report('online_validation', false, (error as Error).message);
        throw refuse(
          'ROTATION_VALIDATION_FAILED',
          `the staged set of ${environment} was refused upstream: ${(error as Error).message}`,
        );
      }
      const current = connection.credentials.require();
      const previous = Object.fromEntries(
        [...IBKR_FIELDS, 'account_id'].flatMap((field) => {
          try {
            return [[field, current.get(field)]];
          } catch {
            return [];
          }
        }),
      );
      const { store } = options;
      try {
        await this.#swap(authorizer, () => {
          if (existsSync(folders.active)) {
            rmSync(folders.previous, { recursive: true, force: true });
            renameSync(folders.active, folders.previous);
          }
          renameSync(folders.staged, folders.active);
          const set = store.swap('broker', environment, staged.values);
          authorizer.adopt(set.version, session);
        });
        client.session.invalidate();
        await client.session.ensure(NO_DEADLINE);
        await client.streams.reconnect();
        await report('swap', true);
        const status = await client.authStatus(NO_DEADLINE);
        if (status.data.authenticated !== true)
          throw new Error('auth status is not authenticated after the swap');
        await report('post_swap_check', true);
        return { result: 'swapped', stages };
      } catch (error) {
        if (!stages.some((s) => s.stage === 'swap')) await report('swap', false, (error as Error).message);
        else await report('post_swap_check', false, (error as Error).message);
        try {
          await this.#rollback(store, connection, folders, previous, client);
          await report('rollback', true);
        } catch (rollbackError) {
          // The old set is back in place either way; its session reopens on the next call.
          await report('rollback', false, (rollbackError as Error).message);
        }
        return { result: 'rolled_back', stages };
      }
    } finally {
      this.#running.delete(environment);
    }
  }

  /** One signed read that needs no brokerage session (`GET /portfolio/accounts`), with the staged LST. */
  async #signedRead(connection: Connection, keys: IbkrKeys, session: LiveSession) {
    const http = connection.http();
    const origin = new URL(http.baseUrl);
    const path = `${origin.pathname.replace(/\/$/, '')}/portfolio/accounts`;
    const authorization = signRequest(
      { method: 'GET', origin: origin.origin, path, query: [], headers: {}, body: undefined },
      keys,
      session.token,
      Date.now(),
    );
    const response = await http.request(
      {
        method: 'GET',
        path: '/portfolio/accounts',
        anonymous: true,
        idempotent: true,
        headers: { authorization },
      },
      undefined,
    );
    if (response.status !== 200) throw new Error(`signed read answered ${response.status}`);
  }

  /** Pauses new signatures while `change` runs (calls wait, then sign with the new set). */
  async #swap(authorizer: NonNullable<IbkrClient['authorizer']>, change: () => void) {
    let open: () => void = () => undefined;
    authorizer.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      change();
    } finally {
      authorizer.gate = undefined;
      open();
    }
  }

  async #rollback(
    store: CredentialStore,
    connection: Connection,
    folders: RotationFolders,
    previous: Record<string, string>,
    client: IbkrClient,
  ) {
    const authorizer = client.authorizer!;
    await this.#swap(authorizer, () => {
      if (existsSync(folders.active)) {
        rmSync(folders.failed, { recursive: true, force: true });
        renameSync(folders.active, folders.failed);
      }
      if (existsSync(folders.previous)) renameSync(folders.previous, folders.active);
      store.swap('broker', connection.environment, previous);
      authorizer.drop();
    });
    client.session.invalidate();
    await client.session.ensure(NO_DEADLINE);
    await client.streams.reconnect();
  }
}
