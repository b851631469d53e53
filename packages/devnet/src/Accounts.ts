import { DevKeys } from '@frontdoor/protocol'
import type { Address, Hex } from 'viem'

/** A funded account of the devnets, with its private key (public knowledge: never use it elsewhere). */
export type DevAccount = { address: Address; privateKey: Hex }

/** Hardhat's standard mnemonic; every devnet funds its first 20 accounts with 10,000 ETH each. */
export const DEV_MNEMONIC = DevKeys.PUBLIC_DEV_MNEMONIC

/** The native balance of each dev account on a fresh devnet: 10,000 ETH. */
export const DEV_ACCOUNT_BALANCE_WEI = 10_000n * 10n ** 18n

/**
 * The first 10 accounts of {@link DEV_MNEMONIC} (path m/44'/60'/0'/0/i). Each holds ETH and the
 * devnet's tokens and (the first three) NFTs; see `Deployment.SEED`.
 */
export const DEV_ACCOUNTS: readonly DevAccount[] = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  },
  {
    address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
    privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  },
  {
    address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  },
  {
    address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  },
  {
    address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
    privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  },
  {
    address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
    privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  },
]

/**
 * The account that deploys and seeds every contract. It is none of the dev accounts (its key is
 * keccak256("frontdoor devnet deployer")), so using the dev accounts never moves its nonce and the
 * contract addresses stay the same on every fresh chain. Seeding funds it with `hardhat_setBalance`.
 */
export const DEPLOYER: DevAccount = {
  address: '0x40f7c59324Aa7A2745f2832b4dc80aD86203D667',
  privateKey: '0x3a027998b942151c0e981f8a7b6dcf6070067b63166d58cd377857c344016811',
}

/**
 * The bundler's accounts (mnemonic accounts 19 and 18, funded by every devnet, used by nothing else):
 * the executor sends the bundles (`handleOps`) and collects their fees; the utility account deploys the
 * bundler's simulation contract and tops the executor up.
 */
export const BUNDLER_EXECUTOR: DevAccount = {
  address: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
  privateKey: '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e',
}
export const BUNDLER_UTILITY: DevAccount = {
  address: '0xdD2FD4581271e230360230F9337D5c0430Bf44C0',
  privateKey: '0xde9be858da4a475276426320d5e9262ecfc3ba460bfac56360bfa6c4c28b4ee0',
}
