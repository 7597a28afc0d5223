import { createRoot } from 'react-dom/client';
import { readLanguage } from '../../shared/launch';
import { VERIFY_PARAMS } from '../contract-values';
import { VerifyPage } from './verify-page';
import { verifyWords } from './verify-words';
import '../crash.css';
import './verify.css';

const params = new URLSearchParams(window.location.search);
const language = readLanguage(window.location.search);
document.documentElement.lang = language;
const edgeParam = params.get(VERIFY_PARAMS.houseEdgeBp);
const edgeBp = edgeParam === null || edgeParam === '' ? NaN : Number(edgeParam);

await verifyWords.load(language);
document.title = verifyWords.t('verifyTitle');
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
createRoot(container).render(
  <VerifyPage
    initial={{
      hash: params.get(VERIFY_PARAMS.hash) ?? '',
      salt: params.get(VERIFY_PARAMS.salt) ?? '',
      edgePercent: Number.isInteger(edgeBp) && edgeBp >= 0 ? String(edgeBp / 100) : '',
      previous: params.get(VERIFY_PARAMS.previousHash) ?? '',
    }}
  />,
);
