// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BaseAccount} from "@account-abstraction/contracts/core/BaseAccount.sol";
import {SIG_VALIDATION_FAILED, SIG_VALIDATION_SUCCESS} from "@account-abstraction/contracts/core/Helpers.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/**
 * @title Frontdoor's ERC-4337 (EntryPoint v0.7) smart account: one EOA owner, EIP-712 signatures only.
 *
 * Every signature the account accepts is the owner's EIP-712 signature of typed data in the account's
 * own domain
 *
 *     EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)
 *     name "Frontdoor Account", version "1", chainId block.chainid, verifyingContract this account
 *
 * so no `personal_sign` (EIP-191: keccak256("\x19Ethereum Signed Message:\n" || length || message))
 * of anything can ever be one: an EIP-712 digest is keccak256("\x19\x01" || ...), another preimage.
 *
 * User operations: `validateUserOp` (BaseAccount) accepts a user operation whose signature is the
 * owner's signature of
 *
 *     FrontdoorUserOperation(bytes32 userOpHash)
 *
 * (the EntryPoint's `userOpHash`, which covers every field, the EntryPoint and the chain), that is of
 * `userOperationHash(userOpHash)`. Calls: `execute` and `executeBatch` (atomic: one call reverts, the
 * batch reverts), from the EntryPoint or the owner.
 *
 * ERC-1271, replay-safe: `isValidSignature(hash, signature)` does not accept the owner's signature
 * of `hash` itself (which would also be valid for every other account of the owner, and for the
 * owner's EOA). It accepts the owner's signature of
 *
 *     FrontdoorAccountMessage(bytes32 hash)
 *
 * that is of `replaySafeHash(hash)`. A signature made for one account (or chain) is refused by every
 * other one, and the owner's wallet shows the typed data it signs. The two types differ, so no
 * ERC-1271 signature the account gives a dApp is a user operation's, and the other way round.
 *
 * Accounts are ERC-1167 clones of one implementation, created by {FrontdoorAccountFactory}.
 */
contract FrontdoorAccount is BaseAccount {
    /// The ERC-1271 answer for a valid signature: bytes4(keccak256("isValidSignature(bytes32,bytes)")).
    bytes4 internal constant ERC1271_VALID = 0x1626ba7e;
    /// The ERC-1271 answer for any other signature.
    bytes4 internal constant ERC1271_INVALID = 0xffffffff;

    bytes32 public constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 public constant MESSAGE_TYPEHASH = keccak256("FrontdoorAccountMessage(bytes32 hash)");
    bytes32 public constant USER_OPERATION_TYPEHASH = keccak256("FrontdoorUserOperation(bytes32 userOpHash)");
    bytes32 internal constant NAME_HASH = keccak256("Frontdoor Account");
    bytes32 internal constant VERSION_HASH = keccak256("1");

    IEntryPoint private immutable ENTRY_POINT;
    /// The factory that created the implementation; only it initializes accounts.
    address private immutable FACTORY;

    /// The EOA that signs for this account.
    address public owner;

    event Initialized(IEntryPoint indexed entryPoint, address indexed owner);

    error NotAuthorized(address caller);
    error AlreadyInitialized();
    error ZeroOwner();
    error LengthMismatch();

    constructor(IEntryPoint entryPoint_) {
        ENTRY_POINT = entryPoint_;
        FACTORY = msg.sender;
    }

    /// Sets the owner of a new clone; called once, by the factory, in the same transaction that creates it.
    function initialize(address owner_) external {
        if (msg.sender != FACTORY) revert NotAuthorized(msg.sender);
        if (owner != address(0)) revert AlreadyInitialized();
        if (owner_ == address(0)) revert ZeroOwner();
        owner = owner_;
        emit Initialized(ENTRY_POINT, owner_);
    }

    receive() external payable {}

    /// @inheritdoc BaseAccount
    function entryPoint() public view override returns (IEntryPoint) {
        return ENTRY_POINT;
    }

    /// Calls `target` with `value` and `data`; bubbles up its revert.
    function execute(address target, uint256 value, bytes calldata data) external {
        _requireFromEntryPointOrOwner();
        _call(target, value, data);
    }

    /// Calls each target in order; one revert reverts them all.
    function executeBatch(address[] calldata targets, uint256[] calldata values, bytes[] calldata data) external {
        _requireFromEntryPointOrOwner();
        if (targets.length != values.length || targets.length != data.length) revert LengthMismatch();
        for (uint256 i = 0; i < targets.length; i++) {
            _call(targets[i], values[i], data[i]);
        }
    }

    /// ERC-1271: `ERC1271_VALID` when `signature` is the owner's signature of `replaySafeHash(hash)`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _isOwner(replaySafeHash(hash), signature) ? ERC1271_VALID : ERC1271_INVALID;
    }

    /// The EIP-712 digest the owner signs for `hash` (see the contract's comment).
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return MessageHashUtils.toTypedDataHash(domainSeparator(), keccak256(abi.encode(MESSAGE_TYPEHASH, hash)));
    }

    /// The EIP-712 digest the owner signs for user operation `userOpHash` (see the contract's comment).
    function userOperationHash(bytes32 userOpHash) public view returns (bytes32) {
        return MessageHashUtils.toTypedDataHash(
            domainSeparator(), keccak256(abi.encode(USER_OPERATION_TYPEHASH, userOpHash))
        );
    }

    /// This account's EIP-712 domain separator: name, version, chain id and its own address.
    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }

    /// @inheritdoc BaseAccount
    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
        internal
        view
        override
        returns (uint256)
    {
        return _isOwner(userOperationHash(userOpHash), userOp.signature) ? SIG_VALIDATION_SUCCESS : SIG_VALIDATION_FAILED;
    }

    /// True when `signature` recovers to the owner over `digest`; false (never a revert) for any malformed one.
    function _isOwner(bytes32 digest, bytes calldata signature) internal view returns (bool) {
        (address signer, ECDSA.RecoverError error,) = ECDSA.tryRecover(digest, signature);
        return error == ECDSA.RecoverError.NoError && signer != address(0) && signer == owner;
    }

    function _requireFromEntryPointOrOwner() internal view {
        if (msg.sender != address(ENTRY_POINT) && msg.sender != owner) revert NotAuthorized(msg.sender);
    }

    function _call(address target, uint256 value, bytes calldata data) internal {
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
    }
}

/**
 * @title Creates {FrontdoorAccount}s at counterfactual addresses: ERC-1167 clones of one implementation,
 * CREATE2 with salt keccak256(owner, salt), so `getAddress(owner, salt)` is known before deployment.
 */
contract FrontdoorAccountFactory {
    /// The implementation every account delegates to, created in the constructor (the factory's nonce 1).
    FrontdoorAccount public immutable accountImplementation;

    event AccountCreated(FrontdoorAccount indexed account, address indexed owner, uint256 salt);

    constructor(IEntryPoint entryPoint) {
        accountImplementation = new FrontdoorAccount(entryPoint);
    }

    /**
     * Creates the account of `owner` and `salt`, or returns it when it exists (so an ERC-4337 initCode
     * or an ERC-6492 signature's factory call never fails on a deployed account).
     */
    function createAccount(address owner, uint256 salt) external returns (FrontdoorAccount account) {
        address predicted = getAddress(owner, salt);
        if (predicted.code.length > 0) return FrontdoorAccount(payable(predicted));
        account = FrontdoorAccount(payable(Clones.cloneDeterministic(address(accountImplementation), _salt(owner, salt))));
        account.initialize(owner);
        emit AccountCreated(account, owner, salt);
    }

    /// The address `createAccount(owner, salt)` creates.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Clones.predictDeterministicAddress(address(accountImplementation), _salt(owner, salt));
    }

    function _salt(address owner, uint256 salt) internal pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
