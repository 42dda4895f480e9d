/** The profile module's public entry: its GraphQL fields (registered on import) and what the demo uses. */
import './profileTypes';
import './profileMutations';
