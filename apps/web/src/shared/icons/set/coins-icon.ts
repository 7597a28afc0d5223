export { faCoins as coinsIcon } from '@fortawesome/free-solid-svg-icons/faCoins';
