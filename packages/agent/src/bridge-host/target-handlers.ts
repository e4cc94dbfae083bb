import type {
  BridgeCommandName,
  BridgeCommandTarget,
  BridgeResult,
  bridgeCommands,
} from '@outpilot/contracts';
import type { z } from 'zod';

type Commands = typeof bridgeCommands;
type PayloadOf<T extends BridgeCommandTarget, C extends BridgeCommandName<T>> = Commands[T][C] extends {
  payload: infer P extends z.ZodType;
}
  ? z.output<P>
  : never;

/** The handlers of one bridge target: one function per command, typed by the contracts. */
export type TargetHandlers<T extends BridgeCommandTarget> = {
  [C in BridgeCommandName<T>]: (payload: PayloadOf<T, C>) => Promise<BridgeResult<T, C>>;
};

export type Handlers = { [T in BridgeCommandTarget]: TargetHandlers<T> };
