export { faTelegram as telegramIcon } from '@fortawesome/free-brands-svg-icons/faTelegram';
