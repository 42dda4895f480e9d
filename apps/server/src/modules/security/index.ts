/** The security module's public entry: its GraphQL fields (registered on import). */
import './securityTypes';
import './securityQueries';
import './securityMutations';
