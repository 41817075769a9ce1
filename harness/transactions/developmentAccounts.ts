/**
 * The accounts of the "test test test test test test test test test test test junk" mnemonic
 * (m/44'/60'/0'/0/i): Anvil's and Hardhat's default accounts, and the bundled reference's.
 */
export const TEST_MNEMONIC_ACCOUNTS: readonly string[] = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
]

/**
 * The addresses of the well-known development keys, which a node started for development (or a
 * keystore left unlocked) may hold and sign for: BLOCKED-SENDTX tries eth_sendTransaction from each,
 * so a node that refuses strangers but signs for its own keys is caught. Addresses only: the suite
 * never needs these keys.
 */
export const DEVELOPMENT_ACCOUNTS: readonly { address: string; source: string }[] = [
  ...TEST_MNEMONIC_ACCOUNTS.map((address, i) => ({ address, source: `Hardhat/Anvil development account ${i}` })),
  // Ganache's --deterministic mnemonic ("myth like bonus scare over problem client lizard pioneer submit female collect").
  ...[
    '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1',
    '0xFFcf8FDEE72ac11b5c542428B35EEF5769C409f0',
    '0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b',
    '0xE11BA2b4D45Eaed5996Cd0823791E0C93114882d',
    '0xd03ea8624C8C5987235048901fB614fDcA89b117',
    '0x95cED938F7991cd0dFcb48F0a06a40FA1aF46EBC',
    '0x3E5e9111Ae8eB78Fe1CC3bb8915d5D461F3Ef9A9',
    '0x28a8746e75304c0780E011BEd21C72cD78cd535E',
    '0xACa94ef8bD5ffEE41947b4585a84BdA5a3d3DA6E',
    '0x1dF62f291b2E969fB0849d99D9Ce41e2F137006e',
  ].map((address, i) => ({ address, source: `Ganache deterministic account ${i}` })),
]
