-- Lucky 7, the studio's fourth card table (modules/house-games/cards, `king_lucky_seven`): one
-- card, Low (A–6), Seven or High (8–K). The round log of 0032 takes its winners and bet kinds
-- (LOW, HIGH, SEVEN) beside those of Teen Patti, Andar Bahar and Dragon Tiger; its one card is
-- written in `cards` with the side CARD (jsonb: no change).
ALTER TABLE card_rounds DROP CONSTRAINT card_rounds_winner_check;
ALTER TABLE card_rounds ADD CONSTRAINT card_rounds_winner_check
  CHECK (winner IN ('A', 'B', 'ANDAR', 'BAHAR', 'DRAGON', 'TIGER', 'TIE', 'LOW', 'HIGH', 'SEVEN'));

ALTER TABLE card_bets DROP CONSTRAINT card_bets_bet_kind_check;
ALTER TABLE card_bets ADD CONSTRAINT card_bets_bet_kind_check
  CHECK (bet_kind IN ('A', 'B', 'ANDAR', 'BAHAR', 'DRAGON', 'TIGER', 'TIE', 'LOW', 'HIGH', 'SEVEN'));
