-- Bonuses (modules/bonus): each brand's campaigns, made by operators (or seeded from
-- config/domains/bonus-campaigns.json on a fresh install), and each player's bonuses. Money
-- never lives here: a claim moves the bonus from the brand's promotion account to the player's
-- bonus account, and a conversion, an expiry or a forfeit moves it on (bonus_grant,
-- bonus_convert, bonus_expire, bonus_forfeit), each one wallet transfer keyed by the bonus.

-- The brand's promotions: where bonuses come from and where what is left of them goes back.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  kind IN (
    'player_cash',
    'player_exposure',
    'player_bonus',
    'house',
    'commission',
    'payment_clearing',
    'withdrawal_pending',
    'promotion'
  )
);

CREATE TABLE bonus_campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL CHECK (length(domain) BETWEEN 1 AND 253),
  -- The seed entry it came from (config/domains/bonus-campaigns.json); null: made in the console.
  seed_key text CHECK (length(seed_key) BETWEEN 1 AND 64),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PAUSED')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  description text NOT NULL CHECK (length(description) <= 1000),
  public boolean NOT NULL,
  type text NOT NULL CHECK (
    type IN ('REGISTRATION', 'FIRST_DEPOSIT', 'RELOAD', 'LOSSBACK', 'COUPON', 'REFERRAL')
  ),
  amount_kind text NOT NULL CHECK (amount_kind IN ('FIXED', 'PERCENT')),
  amount_minor bigint CHECK (amount_minor > 0),
  percent integer CHECK (percent BETWEEN 1 AND 100),
  max_amount_minor bigint CHECK (max_amount_minor > 0),
  min_deposit_minor bigint CHECK (min_deposit_minor > 0),
  min_loss_minor bigint CHECK (min_loss_minor > 0),
  referral_trigger text CHECK (referral_trigger IN ('FIRST_DEPOSIT', 'NET_LOSS')),
  -- The multiplier in tenths: the database holds the 10x cap too, whatever code writes here.
  wagering_tenths integer NOT NULL CHECK (wagering_tenths BETWEEN 0 AND 100),
  product text NOT NULL CHECK (product IN ('BETTING', 'CASINO')),
  -- BETTING: bets at or above this price (hundredths) count, at this share.
  min_price_hundredths integer CHECK (min_price_hundredths BETWEEN 101 AND 100000),
  betting_percent integer CHECK (betting_percent BETWEEN 1 AND 100),
  -- CASINO: [{category, percent}].
  casino_categories jsonb,
  -- One product, never both: what counts is set for exactly the campaign's product.
  CONSTRAINT bonus_campaigns_one_product CHECK (
    (product = 'BETTING' AND min_price_hundredths IS NOT NULL AND betting_percent IS NOT NULL
      AND casino_categories IS NULL)
    OR (product = 'CASINO' AND casino_categories IS NOT NULL AND min_price_hundredths IS NULL
      AND betting_percent IS NULL)
  ),
  expiry_days integer NOT NULL CHECK (expiry_days BETWEEN 1 AND 90),
  uses_per_player integer NOT NULL CHECK (uses_per_player BETWEEN 1 AND 100),
  uses_total integer CHECK (uses_total >= 1),
  -- Claims so far: a claim takes one under the campaign's row lock, never past uses_total.
  claims integer NOT NULL DEFAULT 0 CHECK (claims >= 0 AND (uses_total IS NULL OR claims <= uses_total)),
  eligibility text NOT NULL CHECK (eligibility IN ('ALL', 'SEGMENT', 'PLAYERS')),
  segment text CHECK (segment IN ('NEW_PLAYERS', 'DEPOSITORS', 'NON_DEPOSITORS')),
  players uuid[] NOT NULL DEFAULT '{}',
  coupon_code text CHECK (coupon_code ~ '^[A-Z0-9]{4,20}$'),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz CHECK (ends_at > starts_at),
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bonus_campaigns_seed UNIQUE (domain, seed_key)
);
CREATE INDEX bonus_campaigns_domain ON bonus_campaigns (domain, created_at DESC);
-- A code names one campaign of a brand.
CREATE UNIQUE INDEX bonus_campaigns_coupon ON bonus_campaigns (domain, coupon_code)
  WHERE coupon_code IS NOT NULL;

-- A player's bonus. `source` says what earned it, once per campaign: `use:<n>` for the n-th
-- claim of a campaign's offer, `lossback:<day>`, `referral:<friend's id>`; the unique key makes
-- a second claim (or a second run of a job) find it taken. `terms` are the campaign's terms as
-- they were when it was earned: a later edit of the campaign changes no bonus already given.
CREATE TABLE player_bonuses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL REFERENCES bonus_campaigns (id),
  domain text NOT NULL,
  owner_id uuid NOT NULL,
  source text NOT NULL CHECK (length(source) BETWEEN 1 AND 120),
  status text NOT NULL CHECK (status IN ('OFFERED', 'ACTIVE', 'CONVERTED', 'EXPIRED', 'FORFEITED')),
  product text NOT NULL CHECK (product IN ('BETTING', 'CASINO')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  required_minor bigint NOT NULL CHECK (required_minor >= 0),
  wagered_minor bigint NOT NULL DEFAULT 0 CHECK (wagered_minor >= 0),
  -- The deposit or net loss the amount was worked out from.
  qualifying_minor bigint,
  -- The deposit (its ledger transfer) a deposit bonus was earned on: one bonus per deposit.
  deposit_transfer_id uuid,
  terms jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  settled_minor bigint,
  forfeited_by uuid,
  forfeited_by_name text,
  reason text CHECK (length(reason) <= 500),
  -- Casino wagering counted up to this round (closed time and id), so no round counts twice.
  casino_counted_at timestamptz,
  casino_counted_id uuid,
  CONSTRAINT player_bonuses_once UNIQUE (campaign_id, owner_id, source)
);
CREATE INDEX player_bonuses_owner ON player_bonuses (owner_id, created_at DESC);
CREATE INDEX player_bonuses_campaign ON player_bonuses (campaign_id, status);
-- One bonus of a product wagered at a time: a stake counts towards one bonus.
CREATE UNIQUE INDEX player_bonuses_one_active ON player_bonuses (owner_id, product)
  WHERE status = 'ACTIVE';
-- What the expiry job looks at.
CREATE INDEX player_bonuses_open_expiry ON player_bonuses (expires_at)
  WHERE status IN ('OFFERED', 'ACTIVE');
CREATE UNIQUE INDEX player_bonuses_deposit ON player_bonuses (owner_id, deposit_transfer_id)
  WHERE deposit_transfer_id IS NOT NULL;

-- Referral codes, one per player, and who joined with whose code (once).
CREATE TABLE referral_codes (
  owner_id uuid PRIMARY KEY,
  domain text NOT NULL,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{6,12}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE referrals (
  referred_id uuid PRIMARY KEY,
  referrer_id uuid NOT NULL,
  domain text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (referred_id <> referrer_id)
);
CREATE INDEX referrals_referrer ON referrals (referrer_id);

-- The daily lossback job's runs: one row per campaign and day, taken by the first run.
CREATE TABLE lossback_runs (
  campaign_id uuid NOT NULL REFERENCES bonus_campaigns (id),
  day date NOT NULL,
  offered integer NOT NULL DEFAULT 0,
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, day)
);
