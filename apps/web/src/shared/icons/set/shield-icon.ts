export { faShieldHalved as shieldIcon } from '@fortawesome/free-solid-svg-icons/faShieldHalved';
