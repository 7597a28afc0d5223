/**
 * The crash game's words. English is the base; Hindi is typed by it (see `shared/i18n.ts`).
 * The refusals' English sentences are the contract's (`CRASH_REFUSALS`); their Hindi is here.
 */
import { CRASH_REFUSALS, type CrashRefusalCode } from '@backlay/contract/house-games';
import type { Language } from '../shared/launch';
import { translator, type Params, type Translate } from '../shared/i18n';

const en = {
  gameName: 'Sky Ace',
  balance: 'Balance {amount}',
  sound: 'Sound',
  connecting: 'Connecting to the table…',
  reconnecting: 'Reconnecting… your bets are safe on the table.',
  placeBets: 'Place your bets',
  nextRoundIn: 'Next round in {seconds} s',
  crashedAt: 'Crashed at {multiplier}×',
  paused: 'The table is paused',
  pauseSTARTING: 'The table is starting. Rounds begin in a moment.',
  pauseWALLET_UNAVAILABLE: 'The wallet is not answering. Rounds resume when it does.',
  pauseMAINTENANCE: 'The table is closed for maintenance.',
  pauseSTOPPING: 'The table is closing.',
  slotTitle: 'Bet {slot}',
  amount: 'Amount (₹)',
  less: 'Less',
  more: 'More',
  autoCashOut: 'Auto cash-out',
  autoCashOutAt: 'Auto cash-out at (×)',
  betButton: 'Bet {amount}',
  betNextRound: 'Bet {amount} on the next round',
  waitingNextRound: 'Waiting for the next round',
  cancel: 'Cancel',
  cashOutButton: 'Cash out {amount}',
  waiting: 'Waiting…',
  betPlaced: 'Bet {amount} placed',
  betPlacedAuto: 'Bet {amount} placed · auto cash-out at {multiplier}×',
  wonAt: 'Cashed out at {multiplier}× · won {amount}',
  lost: 'Lost {amount}',
  amountInvalid: 'Enter an amount from {min} to {max}.',
  autoInvalid: 'Enter a multiplier from {min}× to {max}×.',
  allBets: 'All bets',
  betsCount: '{count} bets this round',
  player: 'Player',
  stake: 'Bet',
  cashedOutColumn: '×',
  win: 'Win',
  you: 'You',
  moreBets: 'and {count} more',
  noBets: 'No bets yet this round.',
  lastRounds: 'Last rounds',
  roundChip: 'Round {number}: {multiplier}×',
  houseEdge: 'House edge {edge}%',
  maxWin: 'Max win {amount} per bet',
  limits: 'Bets {min} to {max}',
  verify: 'Provably fair: verify a round',
  rules: 'How to play',
  close: 'Close',
  rule1: 'Bet in the betting window, on one or both of your bets.',
  rule2: 'The multiplier rises from 1.00× until the round crashes.',
  rule3:
    'Cash out before the crash to win your bet times the multiplier. A bet still in at the crash is lost.',
  rule4:
    'Auto cash-out cashes your bet out at the multiplier you set, on the table’s clock, even if your connection drops.',
  rule5: 'Each bet wins at most {amount}: a bet that reaches it is cashed out there.',
  rule6:
    'Every round’s crash point comes from a hash chain published before play (terminating hash {hash}…), with a house edge of {edge}%: on average a bet returns {rtp}% of its amount.',
  youWon: 'You cashed out at {multiplier}× and won {amount}!',
  autoWon: 'Auto cash-out at {multiplier}×: you won {amount}!',
  maxWon: 'Max win reached at {multiplier}×: you won {amount}!',
  fundsShort: 'Your balance ({balance}) does not cover this bet.',
  sessionOver: 'This game session has ended.',
  backToCasino: 'Back to the casino',
  dismiss: 'Dismiss',
  verifyTitle: 'Verify a round',
  verifyLead:
    'Each round’s crash point is computed from its hash, revealed when it crashes. Paste a hash to compute its crash point here, in your browser.',
  roundHash: 'Round hash',
  salt: 'Salt',
  houseEdgePercent: 'House edge (%)',
  previousHash: 'Next round’s hash, or the terminating hash (optional)',
  compute: 'Compute',
  crashPoint: 'Crash point',
  chainOk: 'SHA-256 of this hash is the hash you gave: the round belongs to the chain.',
  chainBad: 'SHA-256 of this hash is not the hash you gave.',
  formulaTitle: 'How it is computed',
  formula1: 'h = HMAC-SHA256(key = salt, message = the round hash’s 32 bytes)',
  formula2: 'r = the first 13 hex digits of h (52 bits)',
  formula3:
    'crash point = max(1.00, floor((10000 − edge) × 2^52 ÷ (100 × (2^52 − r))) ÷ 100), edge in basis points',
  formula4:
    'A bet cashing out at m wins with probability (1 − edge) ÷ m, so it returns 1 − edge of its amount on average: the house edge is exactly the edge.',
  recentRounds: 'Recent rounds',
  round: 'Round',
  check: 'Check',
  hashInvalid: 'A hash is 64 hexadecimal digits (0–9, a–f).',
  edgeInvalid: 'The house edge is from 0 to {max}%.',
  terminatingHash: 'Terminating hash',
  chain: 'Chain {chain} · {length} rounds',
  backToGame: 'Back to the game',
  loadFailed: 'The recent rounds could not be loaded.',
  hmacValue: 'h',
  rValue: 'r',
};

export type CrashMessageKey = keyof typeof en;

const hi: Record<CrashMessageKey, string> = {
  gameName: 'स्काई ऐस',
  balance: 'बैलेंस {amount}',
  sound: 'आवाज़',
  connecting: 'टेबल से जुड़ रहे हैं…',
  reconnecting: 'फिर से जुड़ रहे हैं… आपके दांव टेबल पर सुरक्षित हैं।',
  placeBets: 'अपने दांव लगाइए',
  nextRoundIn: 'अगला राउंड {seconds} सेकंड में',
  crashedAt: '{multiplier}× पर क्रैश',
  paused: 'टेबल रुकी हुई है',
  pauseSTARTING: 'टेबल शुरू हो रही है। राउंड थोड़ी देर में शुरू होंगे।',
  pauseWALLET_UNAVAILABLE: 'वॉलेट जवाब नहीं दे रहा। उसके जवाब देते ही राउंड फिर शुरू होंगे।',
  pauseMAINTENANCE: 'रखरखाव के लिए टेबल बंद है।',
  pauseSTOPPING: 'टेबल बंद हो रही है।',
  slotTitle: 'दांव {slot}',
  amount: 'राशि (₹)',
  less: 'कम',
  more: 'ज़्यादा',
  autoCashOut: 'ऑटो कैश-आउट',
  autoCashOutAt: 'ऑटो कैश-आउट (×)',
  betButton: '{amount} का दांव',
  betNextRound: 'अगले राउंड पर {amount} का दांव',
  waitingNextRound: 'अगले राउंड का इंतज़ार',
  cancel: 'रद्द करें',
  cashOutButton: '{amount} कैश-आउट',
  waiting: 'रुकिए…',
  betPlaced: '{amount} का दांव लगा',
  betPlacedAuto: '{amount} का दांव लगा · {multiplier}× पर ऑटो कैश-आउट',
  wonAt: '{multiplier}× पर कैश-आउट · {amount} जीते',
  lost: '{amount} हारे',
  amountInvalid: '{min} से {max} तक की राशि डालिए।',
  autoInvalid: '{min}× से {max}× तक का गुणक डालिए।',
  allBets: 'सभी दांव',
  betsCount: 'इस राउंड में {count} दांव',
  player: 'खिलाड़ी',
  stake: 'दांव',
  cashedOutColumn: '×',
  win: 'जीत',
  you: 'आप',
  moreBets: 'और {count}',
  noBets: 'इस राउंड में अभी कोई दांव नहीं।',
  lastRounds: 'पिछले राउंड',
  roundChip: 'राउंड {number}: {multiplier}×',
  houseEdge: 'हाउस एज {edge}%',
  maxWin: 'हर दांव पर अधिकतम जीत {amount}',
  limits: 'दांव {min} से {max}',
  verify: 'प्रमाणित निष्पक्ष: किसी राउंड की जाँच करें',
  rules: 'कैसे खेलें',
  close: 'बंद करें',
  rule1: 'दांव के समय में अपने एक या दोनों दांव लगाइए।',
  rule2: 'गुणक 1.00× से बढ़ता है, जब तक राउंड क्रैश न हो।',
  rule3: 'क्रैश से पहले कैश-आउट करें और दांव × गुणक जीतें। क्रैश तक लगा हुआ दांव हार जाता है।',
  rule4: 'ऑटो कैश-आउट आपके चुने गुणक पर, टेबल की घड़ी से, आपका दांव कैश-आउट करता है, कनेक्शन टूटने पर भी।',
  rule5: 'हर दांव अधिकतम {amount} जीतता है: वहाँ पहुँचने वाला दांव वहीं कैश-आउट होता है।',
  rule6:
    'हर राउंड का क्रैश पॉइंट खेल से पहले प्रकाशित हैश चेन से आता है (अंतिम हैश {hash}…), हाउस एज {edge}% के साथ: औसतन एक दांव अपनी राशि का {rtp}% लौटाता है।',
  youWon: 'आपने {multiplier}× पर कैश-आउट किया और {amount} जीते!',
  autoWon: '{multiplier}× पर ऑटो कैश-आउट: आपने {amount} जीते!',
  maxWon: '{multiplier}× पर अधिकतम जीत: आपने {amount} जीते!',
  fundsShort: 'आपका बैलेंस ({balance}) इस दांव के लिए काफ़ी नहीं है।',
  sessionOver: 'यह गेम सत्र समाप्त हो गया है।',
  backToCasino: 'कैसीनो पर लौटें',
  dismiss: 'हटाएँ',
  verifyTitle: 'राउंड की जाँच',
  verifyLead:
    'हर राउंड का क्रैश पॉइंट उसके हैश से निकलता है, जो क्रैश होने पर बताया जाता है। हैश डालिए और उसका क्रैश पॉइंट यहीं, अपने ब्राउज़र में निकालिए।',
  roundHash: 'राउंड का हैश',
  salt: 'सॉल्ट',
  houseEdgePercent: 'हाउस एज (%)',
  previousHash: 'अगले राउंड का हैश, या अंतिम हैश (वैकल्पिक)',
  compute: 'निकालें',
  crashPoint: 'क्रैश पॉइंट',
  chainOk: 'इस हैश का SHA-256 आपका दिया हैश है: राउंड इसी चेन का है।',
  chainBad: 'इस हैश का SHA-256 आपका दिया हैश नहीं है।',
  formulaTitle: 'यह कैसे निकलता है',
  formula1: 'h = HMAC-SHA256(key = सॉल्ट, message = राउंड हैश के 32 बाइट)',
  formula2: 'r = h के पहले 13 हेक्स अंक (52 बिट)',
  formula3:
    'क्रैश पॉइंट = max(1.00, floor((10000 − एज) × 2^52 ÷ (100 × (2^52 − r))) ÷ 100), एज बेसिस पॉइंट में',
  formula4:
    'm पर कैश-आउट करने वाला दांव (1 − एज) ÷ m संभावना से जीतता है, इसलिए औसतन अपनी राशि का 1 − एज लौटाता है: हाउस एज ठीक एज के बराबर है।',
  recentRounds: 'हाल के राउंड',
  round: 'राउंड',
  check: 'जाँचें',
  hashInvalid: 'हैश 64 हेक्साडेसिमल अंकों (0–9, a–f) का होता है।',
  edgeInvalid: 'हाउस एज 0 से {max}% तक होता है।',
  terminatingHash: 'अंतिम हैश',
  chain: 'चेन {chain} · {length} राउंड',
  backToGame: 'गेम पर लौटें',
  loadFailed: 'हाल के राउंड लोड नहीं हो सके।',
  hmacValue: 'h',
  rValue: 'r',
};

/** The refusals' Hindi, by the contract's codes. */
const refusalsHi: Record<CrashRefusalCode, string> = {
  NOT_JOINED: 'पहले टेबल से जुड़िए।',
  BAD_MESSAGE: 'गेम ने ऐसा संदेश भेजा जो टेबल नहीं समझती।',
  INVALID_TOKEN: 'यह गेम सत्र मान्य नहीं है। कैसीनो से गेम फिर खोलिए।',
  TOKEN_EXPIRED: 'यह गेम सत्र समाप्त हो गया है। कैसीनो से गेम फिर खोलिए।',
  BETTING_CLOSED: 'दांव सिर्फ़ दांव के समय में लगते हैं।',
  TABLE_PAUSED: 'टेबल अभी रुकी हुई है।',
  SLOT_TAKEN: 'इस राउंड में इस जगह पर पहले से दांव है।',
  NO_BET: 'इस राउंड में इस जगह पर कोई दांव नहीं है।',
  NOT_RUNNING: 'राउंड अभी शुरू नहीं हुआ।',
  ALREADY_CASHED_OUT: 'यह दांव पहले ही कैश-आउट हो चुका है।',
  CRASHED: 'देर हो गई: राउंड पहले क्रैश हो गया।',
  BELOW_MIN_BET: 'दांव टेबल की न्यूनतम राशि से कम है।',
  ABOVE_MAX_BET: 'दांव टेबल की अधिकतम राशि से ज़्यादा है।',
  BAD_AUTO_CASH_OUT: 'ऑटो कैश-आउट टेबल की सीमा से बाहर है।',
  INSUFFICIENT_FUNDS: 'आपका बैलेंस इस दांव के लिए काफ़ी नहीं है।',
  PLAYER_BLOCKED: 'अभी आपके खाते पर दांव नहीं लग सकता।',
  LIMIT_REACHED: 'यह दांव आपकी तय की हुई हार की सीमा पार कर देगा।',
  UNKNOWN_GAME: 'यह गेम आपकी साइट पर उपलब्ध नहीं है।',
  RATE_LIMITED: 'बहुत ज़्यादा अनुरोध। थोड़ा रुकिए।',
  WALLET_UNAVAILABLE: 'वॉलेट ने जवाब नहीं दिया। फिर कोशिश कीजिए।',
  BUSY: 'इस जगह पर आपका पिछला अनुरोध अभी चल रहा है।',
};

let language: Language = 'en';
let translate: Translate<typeof en> = translator(en, hi, language);

/** Chooses the page's language (once, from the launch URL; tests choose their own). */
export function setLanguage(next: Language): void {
  language = next;
  translate = translator(en, hi, next);
}

export function getLanguage(): Language {
  return language;
}

/** A sentence of the crash game, in the page's language. */
export function t(key: CrashMessageKey, params?: Params): string {
  return translate(key, params);
}

/** A refusal's sentence in the page's language. */
export function refusalText(code: CrashRefusalCode): string {
  return language === 'hi' ? refusalsHi[code] : CRASH_REFUSALS[code];
}
