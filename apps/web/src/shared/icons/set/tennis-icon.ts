export { faTableTennisPaddleBall as tennisIcon } from '@fortawesome/free-solid-svg-icons/faTableTennisPaddleBall';
