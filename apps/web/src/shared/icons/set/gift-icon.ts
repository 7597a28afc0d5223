export { faGift as giftIcon } from '@fortawesome/free-solid-svg-icons/faGift';
