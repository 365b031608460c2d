/**
 * Every page of the console, registered in navigation order (one import per page; see
 * server/console/README.md for how to add one).
 *
 * @module
 */
import './sign-in';
import './catalogue';
import './curve';
import './import';
import './live';
import './keys';
