import base from '../en.json';
import { collectBundle } from './collect';

/** Every string of one language in one chunk, loaded only when the console shows that language. */
export default collectBundle(base, import.meta.glob('../features/*/en.json', { eager: true, import: 'default' }));
