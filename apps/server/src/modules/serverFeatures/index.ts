/**
 * What this server offers of the features that need an outside vendor (productionProfile.ts decides
 * from the settings): the serverFeatures query the web app reads to put notices in an off or simulated
 * feature's place.
 */
import './serverFeatureTypes';
import './serverFeatureQueries';
