import { type Kysely, sql } from 'kysely';

/**
 * The member's profile (docs/profile.md): one row per member who has saved one. The full name is not
 * here: it is the real name in members.payee_name, which bank cards and withdrawals already match, so
 * there is exactly one copy of it. The birthday is a `date` (a calendar day, no time zone); the
 * checks repeat the portal's rules so nothing else can store what the form would refuse.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE member_profiles (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      birthday date CHECK (birthday >= DATE '1900-01-01'),
      permanent_address text CHECK (char_length(permanent_address) <= 200),
      current_address text CHECK (char_length(current_address) <= 200),
      place_of_birth text CHECK (char_length(place_of_birth) <= 100),
      nationality text CHECK (nationality ~ '^[A-Z]{2}$'),
      occupation text CHECK (char_length(occupation) <= 80),
      income_source text CHECK (income_source IN ('salary', 'business', 'investment', 'savings', 'pension', 'other')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_profiles_merchant ON member_profiles (merchant_id, member_id);
  `.execute(db);
};
