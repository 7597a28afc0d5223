export { faWallet as walletIcon } from '@fortawesome/free-solid-svg-icons/faWallet';
