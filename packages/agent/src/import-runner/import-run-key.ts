/**
 * The stored run; another agent's changes to it arrive under this key. Apart from the run's store so
 * the bridge host can tell whether a run is stored without loading the import runner.
 */
export const importRunKey = 'importRun';
