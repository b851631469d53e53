// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/**
 * Simulation only, never deployed: the creation code of {BatchSimulation} is what the API traces
 * (`debug_traceCall` without `to`) to see a smart account's batch run as the EntryPoint runs it, even
 * before the account is deployed. Hardhat 2's `debug_traceCall` takes no state overrides, so the
 * account's code cannot be put at its counterfactual address; instead the trace deploys it through its
 * factory, as the first user operation does, and calls it from the EntryPoint (the only caller besides
 * its owner that the account obeys). The EntryPoint v0.7's `delegateAndRevert(target, data)` runs
 * `target`'s code as the EntryPoint, then reverts with `DelegateAndRevert(success, result)`: the API
 * reads the trace's effects inside that frame as if it had returned.
 */

interface IEntryPointDelegate {
    function delegateAndRevert(address target, bytes calldata data) external;
}

/// Runs as the EntryPoint (delegatecall): deploys the account when it has no code, then calls it.
contract BatchRun {
    error NotDeployed(address account);

    function run(address factory, bytes calldata factoryData, address account, bytes calldata callData) external {
        if (account.code.length == 0) {
            (bool created, bytes memory why) = factory.call(factoryData);
            if (!created) _bubble(why);
            if (account.code.length == 0) revert NotDeployed(account);
        }
        (bool ok, bytes memory result) = account.call(callData);
        if (!ok) _bubble(result);
    }

    function _bubble(bytes memory data) internal pure {
        assembly ("memory-safe") {
            revert(add(data, 32), mload(data))
        }
    }
}

/// Its constructor is the simulation: it reverts with the batch's own revert data when the batch fails.
contract BatchSimulation {
    /// The EntryPoint's answer to `delegateAndRevert`.
    error DelegateAndRevert(bool success, bytes ret);
    error NoAnswer(bytes answer);

    constructor(address entryPoint, address factory, bytes memory factoryData, address account, bytes memory callData) {
        BatchRun runner = new BatchRun();
        (, bytes memory answer) = entryPoint.call(
            abi.encodeCall(
                IEntryPointDelegate.delegateAndRevert,
                (address(runner), abi.encodeCall(BatchRun.run, (factory, factoryData, account, callData)))
            )
        );
        if (answer.length < 4 || bytes4(answer) != DelegateAndRevert.selector) revert NoAnswer(answer);
        // The answer after its selector.
        assembly ("memory-safe") {
            let length := mload(answer)
            answer := add(answer, 4)
            mstore(answer, sub(length, 4))
        }
        (bool success, bytes memory result) = abi.decode(answer, (bool, bytes));
        if (!success) {
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
    }
}
