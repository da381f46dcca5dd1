import type { UseMutationOptions } from "@tanstack/react-query";

/** What a screen adds to a feature's mutation hook (its toasts, its navigation); the hook keeps the call and the cache refresh. */
export type MutationConfig<TData, TVariables = void> = Omit<UseMutationOptions<TData, Error, TVariables>, "mutationFn">;
