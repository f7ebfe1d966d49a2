import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';

export type ProfileRow = {
  id: bigint;
  type: number;
  payee_name: string | null;
  birthday: string | null;
  permanent_address: string | null;
  current_address: string | null;
  place_of_birth: string | null;
  nationality: string | null;
  occupation: string | null;
  income_source: string | null;
  updated_at: Date | null;
};

/** What the profile stores besides the real name (members.payee_name). */
export type ProfileColumns = {
  birthday: string | null;
  permanent_address: string | null;
  current_address: string | null;
  place_of_birth: string | null;
  nationality: string | null;
  occupation: string | null;
  income_source: string | null;
};

/** Profiles of one merchant's members: every query is scoped by merchant and member. */
export const profileRepository = (db: Database) => {
  /** The member with their profile (null columns when none is saved yet); the birthday as yyyy-MM-dd. */
  const find = (merchantId: bigint, memberId: bigint, q: Database | Tx = db): Promise<ProfileRow | undefined> =>
    q
      .selectFrom('members as m')
      .leftJoin('member_profiles as p', (j) => j.onRef('p.member_id', '=', 'm.id').onRef('p.merchant_id', '=', 'm.merchant_id'))
      .select([
        'm.id',
        'm.type',
        'm.payee_name',
        // As text: a `date` read into a JS Date would shift by the server's zone.
        sql<string | null>`to_char(p.birthday, 'YYYY-MM-DD')`.as('birthday'),
        'p.permanent_address',
        'p.current_address',
        'p.place_of_birth',
        'p.nationality',
        'p.occupation',
        'p.income_source',
        'p.updated_at',
      ])
      .where('m.merchant_id', '=', merchantId)
      .where('m.id', '=', memberId)
      .executeTakeFirst() as Promise<ProfileRow | undefined>;

  /** Locks the member's row: the locked fields are decided and written under it, so two first saves cannot both win. */
  const lock = async (tx: Tx, merchantId: bigint, memberId: bigint) => {
    const m = await tx.selectFrom('members').select('id').where('merchant_id', '=', merchantId).where('id', '=', memberId).forUpdate().executeTakeFirst();
    return m ? find(merchantId, memberId, tx) : undefined;
  };

  const upsert = (tx: Tx, merchantId: bigint, memberId: bigint, values: ProfileColumns) =>
    tx
      .insertInto('member_profiles')
      .values({ member_id: memberId, merchant_id: merchantId, ...values })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();

  /** Only the birthday (an operator's correction); the rest of the profile is left as it is. */
  const setBirthday = (tx: Tx, merchantId: bigint, memberId: bigint, birthday: string) =>
    tx
      .insertInto('member_profiles')
      .values({ member_id: memberId, merchant_id: merchantId, birthday })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ birthday, updated_at: new Date() }))
      .execute();

  const setFullname = (tx: Tx, merchantId: bigint, memberId: bigint, name: string) =>
    tx.updateTable('members').set({ payee_name: name, updated_at: new Date() }).where('merchant_id', '=', merchantId).where('id', '=', memberId).execute();

  return { find, lock, upsert, setBirthday, setFullname };
};
export type ProfileRepository = ReturnType<typeof profileRepository>;
