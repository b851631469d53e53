import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'
import type * as Compile from './Compile.js'

type Published = { abi: Abi; bytecode: string }

function load(path: string): Compile.Artifact {
  const artifact = createRequire(import.meta.url)(path) as Published
  const bytecode = artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`
  return { abi: artifact.abi, bytecode: bytecode as Hex }
}

/**
 * The published Uniswap v2 build artifacts (npm `@uniswap/v2-core` and `@uniswap/v2-periphery`),
 * deployed as they are so the router's hard-coded pair init code hash matches the factory's pairs.
 */
export function artifacts(): {
  UniswapV2Factory: Compile.Artifact
  UniswapV2Pair: Compile.Artifact
  UniswapV2Router02: Compile.Artifact
  WETH9: Compile.Artifact
} {
  return {
    UniswapV2Factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
    UniswapV2Pair: load('@uniswap/v2-core/build/UniswapV2Pair.json'),
    UniswapV2Router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    WETH9: load('@uniswap/v2-periphery/build/WETH9.json'),
  }
}
