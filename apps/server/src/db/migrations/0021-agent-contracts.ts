import { type Kysely, sql } from 'kysely';

/**
 * Agent contracts (spec §3 Contract, §4 Contracts; docs/agent-contracts.md). A contract is offered to
 * `holder_id` by `upline_id` (the agent who pays it; null when the site offered it, `offered_by` the
 * operator), signed or rejected by the holder, and ended when both sides agree or when it is replaced.
 * At most one offer waiting and one signed contract per holder and kind. Rates are kept in hundredths
 * of a percent inside `tiers`.
 *
 * Each settled period of a contract is one row of agent_contract_settlements (unique per contract and
 * period start, so a period is paid once however many nodes run the job); `ledger_transaction_id` is
 * the payment's posting.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE agent_contracts (
      id            bigserial PRIMARY KEY,
      merchant_id   bigint NOT NULL REFERENCES merchants(id),
      kind          text NOT NULL CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime')),
      holder_id     bigint NOT NULL REFERENCES members(id),
      upline_id     bigint REFERENCES members(id),
      offered_by    bigint REFERENCES operators(id),
      period        text CHECK (period IN ('D', 'W', 'H', 'M')),
      tiers         jsonb NOT NULL,
      max_rate_bp   integer NOT NULL CHECK (max_rate_bp BETWEEN 1 AND 10000),
      status        text NOT NULL DEFAULT 'offered' CHECK (status IN ('offered', 'active', 'rejected', 'terminated', 'withdrawn')),
      termination_requested_by text CHECK (termination_requested_by IN ('upline', 'holder')),
      end_reason    text CHECK (end_reason IN ('agreed', 'replaced', 'upline_rate_lowered')),
      created_at    timestamptz NOT NULL DEFAULT now(),
      decided_at    timestamptz,
      ended_at      timestamptz,
      CHECK ((upline_id IS NULL) <> (offered_by IS NULL)),
      CHECK ((kind = 'dividend') = (period IS NOT NULL))
    );
    CREATE UNIQUE INDEX agent_contracts_one_offer ON agent_contracts (holder_id, kind) WHERE status = 'offered';
    CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (holder_id, kind) WHERE status = 'active';
    CREATE INDEX agent_contracts_upline ON agent_contracts (upline_id, kind) WHERE upline_id IS NOT NULL;
    CREATE INDEX agent_contracts_merchant ON agent_contracts (merchant_id, status, kind);

    CREATE TABLE agent_contract_settlements (
      id            bigserial PRIMARY KEY,
      merchant_id   bigint NOT NULL REFERENCES merchants(id),
      contract_id   bigint NOT NULL REFERENCES agent_contracts(id),
      period_start  timestamptz NOT NULL,
      period_end    timestamptz NOT NULL,
      basis         bigint NOT NULL,
      active        integer NOT NULL,
      rate_bp       integer,
      amount        bigint NOT NULL CHECK (amount >= 0),
      status        text NOT NULL CHECK (status IN ('paid', 'nothing', 'unpaid')),
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (contract_id, period_start),
      CHECK ((status = 'paid') = (ledger_transaction_id IS NOT NULL))
    );
    CREATE INDEX agent_contract_settlements_merchant ON agent_contract_settlements (merchant_id, id DESC);
  `.execute(db);
};
