import { describe, expect, it } from 'vitest';
import { emailSchema, nameSchema, passwordSchema } from './users';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('emailSchema', () => {
  it('accepts an address up to 254 characters', () => {
    expect(emailSchema.parse('guest@example.com')).toBe('guest@example.com');
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(long).toHaveLength(254);
    expect(emailSchema.safeParse(long).success).toBe(true);
  });

  it('refuses a malformed or too long address with a readable message', () => {
    expect(firstMessage(emailSchema.safeParse('not-an-email'))).toMatch(/valid email address/);
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(firstMessage(emailSchema.safeParse(tooLong))).toMatch(/too long/);
  });
});

describe('passwordSchema', () => {
  it('takes 8 to 128 characters', () => {
    expect(passwordSchema.safeParse('x'.repeat(8)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(firstMessage(passwordSchema.safeParse('x'.repeat(7)))).toBe('Use at least 8 characters');
    expect(firstMessage(passwordSchema.safeParse('x'.repeat(129)))).toBe('Use at most 128 characters');
  });
});

describe('nameSchema', () => {
  it('accepts one line of 1..100 characters without a link, trimmed', () => {
    expect(nameSchema.parse('  Zoë 👩‍👩‍👧 O’Neil ')).toBe('Zoë 👩‍👩‍👧 O’Neil');
    expect(nameSchema.safeParse('x'.repeat(100)).success).toBe(true);
  });

  it('says what is wrong with a name', () => {
    expect(firstMessage(nameSchema.safeParse('   '))).toBe('Enter your name');
    expect(firstMessage(nameSchema.safeParse(42))).toBe('Enter your name');
    expect(firstMessage(nameSchema.safeParse('x'.repeat(101)))).toMatch(/at most 100/);
    expect(firstMessage(nameSchema.safeParse('a\nb'))).toMatch(/single line/);
    expect(firstMessage(nameSchema.safeParse('Ana\n'))).toMatch(/single line/);
    expect(firstMessage(nameSchema.safeParse('a\u202Eb'))).toMatch(/single line/);
    expect(firstMessage(nameSchema.safeParse('go to ftp://x'))).toMatch(/web address/);
  });
});
