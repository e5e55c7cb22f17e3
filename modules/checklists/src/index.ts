// The async boundary Module Federation needs to negotiate the shared singletons first.
import('./bootstrap')
