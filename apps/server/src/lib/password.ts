import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: 2 /* Argon2id; the enum is an ambient const */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export const verifyPassword = async (stored: string, plain: string) => {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
};

// Verifying against this keeps "unknown user" as slow as "wrong password", so timing reveals nothing.
let dummy: Promise<string> | undefined;
export const burnPasswordCheck = async (plain: string) => {
  dummy ??= hashPassword('apsara-timing-equaliser');
  await verifyPassword(await dummy, plain);
};
