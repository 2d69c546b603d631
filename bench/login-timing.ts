/**
 * Whether the time a login takes tells if an email has an account: times the password check
 * for an existing account (a wrong password, its stored hash) and for an unknown email (the
 * decoy hash), alternating, and prints both medians. The tests prove the decoy check runs;
 * this shows it costs the same (a ratio near 1).
 * Run: npm run bench:login-timing
 */
import { hash } from '@node-rs/argon2';
import { verifyPassword } from '../src/server/modules/auth';

const samples = Number(process.env.BENCH_SAMPLES ?? 30);
// Hashed as an account's password is (argon2id with the library's defaults).
const stored = await hash('the right password');
// The decoy is hashed on first use; that one-off cost is not what an attacker measures.
await verifyPassword(undefined, 'warm-up');

async function timed(hash: string | undefined): Promise<number> {
  const started = performance.now();
  await verifyPassword(hash, 'a wrong password');
  return performance.now() - started;
}

const wrongPassword: number[] = [];
const unknownEmail: number[] = [];
for (let i = 0; i < samples; i++) {
  wrongPassword.push(await timed(stored));
  unknownEmail.push(await timed(undefined));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const [known, unknown] = [median(wrongPassword), median(unknownEmail)];
console.log(`password check, median of ${samples}: wrong password ${known.toFixed(1)} ms, unknown email ${unknown.toFixed(1)} ms, ratio ${(unknown / known).toFixed(2)}`);
