export { faChartLine as chartIcon } from '@fortawesome/free-solid-svg-icons/faChartLine';
