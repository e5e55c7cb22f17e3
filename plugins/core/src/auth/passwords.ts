import { type Algorithm, hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id recommendation: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id, // a const enum: its value, as isolatedModules needs
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
}

export const hashPassword = (password: string) => hash(password, OPTIONS)

/** A real hash to verify against when the user does not exist, so both cases take as long. */
let dummy: Promise<string> | undefined
export const verifyPassword = async (storedHash: string | null | undefined, password: string) => {
  dummy ??= hashPassword('not a real password, used only to spend the same time')
  try {
    return await verify(storedHash ?? (await dummy), password)
  } catch {
    return false
  }
}
