-- The built-in studio's table settings changed from the console (modules/house-games/
-- table-settings.ts): per game code, the values that differ from the configuration file and
-- environment (money in paise, multipliers in hundredths, times in ms, the house edge in basis
-- points). Effective settings: the file, overridden by the environment, overridden by these.
-- `version` grows by one with each save: a save names the version it was made on, so one made
-- over someone else's is refused rather than overwriting it.
CREATE TABLE house_game_table_settings (
  game_code text PRIMARY KEY CHECK (game_code ~ '^[a-z0-9_]{1,64}$'),
  "values" jsonb NOT NULL CHECK (jsonb_typeof("values") = 'object'),
  version integer NOT NULL CHECK (version > 0),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
