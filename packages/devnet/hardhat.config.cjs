// The Hardhat network behind `hardhat node` for the devnets. FRONTDOOR_DEVNET_CHAIN_ID picks the chain;
// Devnet.start() sets it. Nothing here compiles: our contracts are compiled with solc-js (src/Compile.ts).
const chainId = Number(process.env.FRONTDOOR_DEVNET_CHAIN_ID || 31337)

module.exports = {
  networks: {
    hardhat: {
      chainId,
      // Automine: each transaction is mined at once, in a block stamped with the wall-clock time.
      mining: { auto: true, interval: 0 },
      // Several blocks may share a second, so a burst of transactions (seeding) does not push block
      // timestamps ahead of the wall clock.
      allowBlocksWithSameTimestamp: true,
      accounts: {
        mnemonic: 'test test test test test test test test test test test junk',
        count: 20,
        accountsBalance: '10000000000000000000000',
      },
    },
  },
  paths: { cache: './.cache/hardhat', artifacts: './.cache/hardhat-artifacts' },
}
