// Where the self-signed seal is kept under DATA_DIR: on its own so that the backup code (loaded
// at start) names the files without loading the certificate code and node-forge.
export const SIGNING_DIRECTORY = 'signing'
export const P12_FILE = 'seal.p12'
export const PASSPHRASE_FILE = 'seal.passphrase'
