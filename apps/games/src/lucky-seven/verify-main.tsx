import { LUCKY_SEVEN } from '../cards/contract-values';
import { startVerifyPage } from '../cards/verify/start-verify';
import '../cards/cards.css';
import '../cards/verify/verify.css';

await startVerifyPage(LUCKY_SEVEN);
