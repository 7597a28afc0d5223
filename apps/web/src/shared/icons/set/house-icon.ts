export { faHouse as houseIcon } from '@fortawesome/free-solid-svg-icons/faHouse';
