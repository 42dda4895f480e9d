/**
 * The team module's public entry: its GraphQL fields (registered on import) and the services sign-up
 * and the demo use.
 */
import './teamQueries';
import './teamMutations';
