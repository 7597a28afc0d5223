export { faBaseballBatBall as cricketIcon } from '@fortawesome/free-solid-svg-icons/faBaseballBatBall';
