/**
 * This jest worker's slot, 1 to maxWorkers (JEST_WORKER_ID; a file run in band is slot 1). A worker replaced
 * after a file (its heap past workerIdleMemoryLimit) keeps its slot, so what a global setup starts for a slot
 * outlives the workers that use it.
 */
export const workerSlot = () => Number(process.env.JEST_WORKER_ID ?? '1');
