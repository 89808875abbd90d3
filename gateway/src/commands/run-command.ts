// How the operator commands (backup, restore, move-to-postgres) end: their own exit code, or the
// error's message alone (no stack trace for an operator) and exit 1.
export async function runCommand(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}
