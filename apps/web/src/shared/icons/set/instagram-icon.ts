export { faInstagram as instagramIcon } from '@fortawesome/free-brands-svg-icons/faInstagram';
