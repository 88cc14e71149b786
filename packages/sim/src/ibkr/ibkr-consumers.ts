import {
  constants,
  createPublicKey,
  generateKeyPairSync,
  getDiffieHellman,
  type KeyObject,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import type { SimContext } from '../simulator.js';

/** A registered OAuth consumer: what IBKR keeps after the self-service portal (notes §2.1, §3.9). */
export interface Consumer {
  consumerKey: string;
  accessToken: string;
  realm: string;
  publicSignatureKey: KeyObject;
  /** The plaintext access-token secret (the prepend), which the server keeps. */
  secret: Buffer;
  primeHex: string;
  /** The live session token issued last; a new one replaces it. */
  lst?: { token: string; expiresAt: number };
}

/** The RFC 3526 2048-bit MODP group, the same prime the notes' vectors use. */
const MODP_2048 = getDiffieHellman('modp14').getPrime('hex').replace(/^0+/, '');
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Generates a credential set as a user would with openssl and the portal: two RSA-2048 keys, 20 random
 * secret bytes encrypted (PKCS#1 v1.5) to the encryption key, a 9-letter consumer key and an access token.
 * Returns what the gateway is given (the credential fields) and what the server registers.
 */
export function issueConsumer(): { fields: Record<string, string>; consumer: Consumer } {
  const signature = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const encryption = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const secret = randomBytes(20);
  const consumerKey = [...randomBytes(9)].map((byte) => LETTERS[byte % 26]).join('');
  const accessToken = randomBytes(10).toString('hex');
  const encrypted = publicEncrypt(
    { key: createPublicKey(encryption.privateKey), padding: constants.RSA_PKCS1_PADDING },
    secret,
  );
  const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    fields: {
      consumer_key: consumerKey,
      access_token: accessToken,
      access_token_secret: encrypted.toString('base64'),
      realm: 'limited_poa',
      dh_prime: MODP_2048,
      private_signature_key: pem(signature.privateKey),
      private_encryption_key: pem(encryption.privateKey),
    },
    consumer: {
      consumerKey,
      accessToken,
      realm: 'limited_poa',
      publicSignatureKey: signature.publicKey,
      secret,
      primeHex: MODP_2048,
    },
  };
}

/** The consumers of one instance: the one issued at start (the sim profile's set) and any a test adds. */
export class ConsumerRegistry {
  readonly #byToken = new Map<string, Consumer>();
  readonly issued: Record<string, string>;

  constructor() {
    const { fields, consumer } = issueConsumer();
    this.issued = fields;
    this.register(consumer);
  }

  register(consumer: Consumer): void {
    this.#byToken.set(consumer.accessToken, consumer);
  }

  /** A new set, registered (the portal's "Generate Token" for rotation tests). */
  issue(): Record<string, string> {
    const { fields, consumer } = issueConsumer();
    this.register(consumer);
    return fields;
  }

  /** Revokes an access token (as regenerating it in the portal would). */
  revoke(accessToken: string): void {
    this.#byToken.delete(accessToken);
  }

  /** Every live session token ends now (as a 24 h expiry or a server restart would). */
  expireTokens(): void {
    for (const consumer of this.#byToken.values()) consumer.lst = undefined;
  }

  tokens(): IterableIterator<string> {
    return this.#byToken.keys();
  }

  find(consumerKey: string | undefined, accessToken: string | undefined): Consumer | undefined {
    const consumer = accessToken ? this.#byToken.get(accessToken) : undefined;
    return consumer && consumer.consumerKey === consumerKey ? consumer : undefined;
  }
}

const registries = new WeakMap<SimContext, ConsumerRegistry>();

/** One registry per instance, made by whichever asks first (the plugin or the frame's `credentials`). */
export function consumersOf(context: SimContext): ConsumerRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new ConsumerRegistry();
    registries.set(context, registry);
  }
  return registry;
}
