/** @husk/awk — see README.md. */
export {};
