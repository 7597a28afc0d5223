import { DRAGON_TIGER } from '../cards/contract-values';
import { startVerifyPage } from '../cards/verify/start-verify';
import '../cards/cards.css';
import '../cards/verify/verify.css';

await startVerifyPage(DRAGON_TIGER);
