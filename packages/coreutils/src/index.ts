/** @husk/coreutils — see README.md. */
export {};
