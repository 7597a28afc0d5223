export { faScrewdriverWrench as toolsIcon } from '@fortawesome/free-solid-svg-icons/faScrewdriverWrench';
