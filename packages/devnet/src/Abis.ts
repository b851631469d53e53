import { parseAbi } from 'viem'

// ERC-20 and ERC-721 calls: viem's `erc20Abi` and `erc721Abi` fit our Token and Collectible.

/** The calls of the published UniswapV2Router02 that Frontdoor uses (quotes, swaps, liquidity). */
export const uniswapV2RouterAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function quote(uint256 amountA, uint256 reserveA, uint256 reserveB) pure returns (uint256 amountB)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
])

/** The published UniswapV2Factory. */
export const uniswapV2FactoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address)',
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256)',
])

/** The published UniswapV2Pair (reserves and swap events, for prices and history). */
export const uniswapV2PairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
])

/** WETH9 from `@uniswap/v2-periphery`. */
export const wethAbi = parseAbi([
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'function balanceOf(address) view returns (uint256)',
  'function approve(address guy, uint256 wad) returns (bool)',
])

/** `SimpleAccountFactory` of `@account-abstraction/contracts` 0.7 (the EntryPoint's is viem's `entryPoint07Abi`). */
export const simpleAccountFactoryAbi = parseAbi([
  'function accountImplementation() view returns (address)',
  'function createAccount(address owner, uint256 salt) returns (address ret)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** `SimpleAccount` of `@account-abstraction/contracts` 0.7: the calls the devnet checks. */
export const simpleAccountAbi = parseAbi([
  'function entryPoint() view returns (address)',
  'function owner() view returns (address)',
])

/** Our `FrontdoorAccountFactory` and `FrontdoorAccount` (contracts/FrontdoorAccount.sol): one copy, in @frontdoor/smart-account. */
export {
  accountAbi as frontdoorAccountAbi,
  factoryAbi as frontdoorAccountFactoryAbi,
} from '@frontdoor/smart-account'
