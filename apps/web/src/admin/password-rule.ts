/**
 * The server's password rule (users.schema.ts: 8 to 256 characters), shown beside the field before submit
 * so nobody learns it from a refusal. The server still checks; this copy only words the hint.
 */
export const PASSWORD_MIN_LENGTH = 8;
