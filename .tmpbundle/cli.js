import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);
import {
  AI_POLICIES,
  AI_POLICY_LABELS,
  CLIENTS,
  CLIENT_INFO,
  ConnectionStore,
  ConsoleHistory,
  ConsoleVariables,
  EXPORT_FORMATS,
  EXTERNAL_CLIENT_LABELS,
  EXTERNAL_CLIENT_LEVELS,
  FILTER_OPS,
  GRANT_MS,
  IMPORT_FORMATS,
  LOAD_MODES,
  McpSettingsStore,
  PACKAGE_ROOT,
  TokenStore,
  VARIABLE_NAME,
  addConnection,
  bridgeEnvironment,
  bridgeExecutable,
  bytesText,
  catalogOf,
  clientSnippet,
  confirmsTargets,
  copyTable,
  countText,
  describeConnection,
  editConnection,
  exportTable,
  findRunningApp,
  formatOf,
  handshakePath,
  importFile,
  installedDriver,
  installedTypes,
  isAlive,
  isClientId,
  isShown,
  listPendingApprovals,
  loadInstalledDrivers,
  lockIsHeld,
  missingConfirmation,
  namesText,
  offerDriver,
  opSymbol,
  openAppStorage,
  openSavedConnection,
  operandOf,
  parsePort,
  parseQuarryUrl,
  pluginServiceFor,
  readAudit,
  readHandshake,
  readInstanceInfo,
  removeConnection,
  requireInstalledDriver,
  runTableAction,
  saveCatalogSetting,
  tableAdminOf,
  variableValues,
  verifyAudit,
  withDefaults,
  writeApprovalAnswer,
  writeFileAtomic
} from "./chunk-2AY6Q5SE.js";
import {
  PROOF_PATH,
  QuarryError,
  TOKEN_SCOPES,
  TOKEN_SCOPE_LABELS,
  appDataDir,
  ensureAppDataDir,
  ensurePrivateDir,
  errors,
  isQuarryError,
  looksLikeToken,
  parseLifetime,
  parseScope,
  tokenStatus,
  verifyProof
} from "./chunk-3MZKSTKQ.js";

// node_modules/commander/lib/error.js
var CommanderError = class extends Error {
  /**
   * Constructs the CommanderError class
   * @param {number} exitCode suggested exit code which could be used with process.exit
   * @param {string} code an id string representing the error
   * @param {string} message human-readable description of the error
   */
  constructor(exitCode, code, message) {
    super(message);
    Error.captureStackTrace(this, this.constructor);
    this.name = this.constructor.name;
    this.code = code;
    this.exitCode = exitCode;
    this.nestedError = void 0;
  }
};
var InvalidArgumentError = class extends CommanderError {
  /**
   * Constructs the InvalidArgumentError class
   * @param {string} [message] explanation of why argument is invalid
   */
  constructor(message) {
    super(1, "commander.invalidArgument", message);
    Error.captureStackTrace(this, this.constructor);
    this.name = this.constructor.name;
  }
};

// node_modules/commander/lib/argument.js
var Argument = class {
  /**
   * Initialize a new command argument with the given name and description.
   * The default is that the argument is required, and you can explicitly
   * indicate this with <> around the name. Put [] around the name for an optional argument.
   *
   * @param {string} name
   * @param {string} [description]
   */
  constructor(name, description) {
    this.description = description || "";
    this.variadic = false;
    this.parseArg = void 0;
    this.defaultValue = void 0;
    this.defaultValueDescription = void 0;
    this.argChoices = void 0;
    switch (name[0]) {
      case "<":
        this.required = true;
        this._name = name.slice(1, -1);
        break;
      case "[":
        this.required = false;
        this._name = name.slice(1, -1);
        break;
      default:
        this.required = true;
        this._name = name;
        break;
    }
    if (this._name.endsWith("...")) {
      this.variadic = true;
      this._name = this._name.slice(0, -3);
    }
  }
  /**
   * Return argument name.
   *
   * @return {string}
   */
  name() {
    return this._name;
  }
  /**
   * @package
   */
  _collectValue(value, previous) {
    if (previous === this.defaultValue || !Array.isArray(previous)) {
      return [value];
    }
    previous.push(value);
    return previous;
  }
  /**
   * Set the default value, and optionally supply the description to be displayed in the help.
   *
   * @param {*} value
   * @param {string} [description]
   * @return {Argument}
   */
  default(value, description) {
    this.defaultValue = value;
    this.defaultValueDescription = description;
    return this;
  }
  /**
   * Set the custom handler for processing CLI command arguments into argument values.
   *
   * @param {Function} [fn]
   * @return {Argument}
   */
  argParser(fn) {
    this.parseArg = fn;
    return this;
  }
  /**
   * Only allow argument value to be one of choices.
   *
   * @param {string[]} values
   * @return {Argument}
   */
  choices(values) {
    this.argChoices = values.slice();
    this.parseArg = (arg, previous) => {
      if (!this.argChoices.includes(arg)) {
        throw new InvalidArgumentError(
          `Allowed choices are ${this.argChoices.join(", ")}.`
        );
      }
      if (this.variadic) {
        return this._collectValue(arg, previous);
      }
      return arg;
    };
    return this;
  }
  /**
   * Make argument required.
   *
   * @returns {Argument}
   */
  argRequired() {
    this.required = true;
    return this;
  }
  /**
   * Make argument optional.
   *
   * @returns {Argument}
   */
  argOptional() {
    this.required = false;
    return this;
  }
};
function humanReadableArgName(arg) {
  const nameOutput = arg.name() + (arg.variadic === true ? "..." : "");
  return arg.required ? "<" + nameOutput + ">" : "[" + nameOutput + "]";
}

// node_modules/commander/lib/command.js
import { EventEmitter } from "node:events";
import childProcess from "node:child_process";
import path from "node:path";
import fs from "node:fs";
import process2 from "node:process";
import { stripVTControlCharacters as stripVTControlCharacters2 } from "node:util";

// node_modules/commander/lib/help.js
import { stripVTControlCharacters } from "node:util";
var Help = class {
  constructor() {
    this.helpWidth = void 0;
    this.minWidthToWrap = 40;
    this.sortSubcommands = false;
    this.sortOptions = false;
    this.showGlobalOptions = false;
  }
  /**
   * prepareContext is called by Commander after applying overrides from `Command.configureHelp()`
   * and just before calling `formatHelp()`.
   *
   * Commander just uses the helpWidth and the rest is provided for optional use by more complex subclasses.
   *
   * @param {{ error?: boolean, helpWidth?: number, outputHasColors?: boolean }} contextOptions
   */
  prepareContext(contextOptions) {
    this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
  }
  /**
   * Get an array of the visible subcommands. Includes a placeholder for the implicit help command, if there is one.
   *
   * @param {Command} cmd
   * @returns {Command[]}
   */
  visibleCommands(cmd) {
    const visibleCommands = cmd.commands.filter((cmd2) => !cmd2._hidden);
    const helpCommand = cmd._getHelpCommand();
    if (helpCommand && !helpCommand._hidden) {
      visibleCommands.push(helpCommand);
    }
    if (this.sortSubcommands) {
      visibleCommands.sort((a, b) => {
        return a.name().localeCompare(b.name());
      });
    }
    return visibleCommands;
  }
  /**
   * Compare options for sort.
   *
   * @param {Option} a
   * @param {Option} b
   * @returns {number}
   */
  compareOptions(a, b) {
    const getSortKey = (option) => {
      return option.short ? option.short.replace(/^-/, "") : option.long.replace(/^--/, "");
    };
    return getSortKey(a).localeCompare(getSortKey(b));
  }
  /**
   * Get an array of the visible options. Includes a placeholder for the implicit help option, if there is one.
   *
   * @param {Command} cmd
   * @returns {Option[]}
   */
  visibleOptions(cmd) {
    const visibleOptions = cmd.options.filter((option) => !option.hidden);
    const helpOption = cmd._getHelpOption();
    if (helpOption && !helpOption.hidden) {
      const removeShort = helpOption.short && cmd._findOption(helpOption.short);
      const removeLong = helpOption.long && cmd._findOption(helpOption.long);
      if (!removeShort && !removeLong) {
        visibleOptions.push(helpOption);
      } else if (helpOption.long && !removeLong) {
        visibleOptions.push(
          cmd.createOption(helpOption.long, helpOption.description).helpGroup(helpOption.helpGroupHeading)
        );
      } else if (helpOption.short && !removeShort) {
        visibleOptions.push(
          cmd.createOption(helpOption.short, helpOption.description).helpGroup(helpOption.helpGroupHeading)
        );
      }
    }
    if (this.sortOptions) {
      visibleOptions.sort(this.compareOptions);
    }
    return visibleOptions;
  }
  /**
   * Get an array of the visible global options. (Not including help.)
   *
   * @param {Command} cmd
   * @returns {Option[]}
   */
  visibleGlobalOptions(cmd) {
    if (!this.showGlobalOptions) return [];
    const globalOptions = [];
    for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
      const visibleOptions = ancestorCmd.options.filter(
        (option) => !option.hidden
      );
      globalOptions.push(...visibleOptions);
    }
    if (this.sortOptions) {
      globalOptions.sort(this.compareOptions);
    }
    return globalOptions;
  }
  /**
   * Get an array of the arguments if any have a description.
   *
   * @param {Command} cmd
   * @returns {Argument[]}
   */
  visibleArguments(cmd) {
    if (cmd._argsDescription) {
      cmd.registeredArguments.forEach((argument) => {
        argument.description = argument.description || cmd._argsDescription[argument.name()] || "";
      });
    }
    if (cmd.registeredArguments.find((argument) => argument.description)) {
      return cmd.registeredArguments;
    }
    return [];
  }
  /**
   * Get the command term to show in the list of subcommands.
   *
   * @param {Command} cmd
   * @returns {string}
   */
  subcommandTerm(cmd) {
    const args = cmd.registeredArguments.map((arg) => humanReadableArgName(arg)).join(" ");
    return cmd._name + (cmd._aliases[0] ? "|" + cmd._aliases[0] : "") + (cmd.options.length ? " [options]" : "") + // simplistic check for non-help option
    (args ? " " + args : "");
  }
  /**
   * Get the option term to show in the list of options.
   *
   * @param {Option} option
   * @returns {string}
   */
  optionTerm(option) {
    return option.flags;
  }
  /**
   * Get the argument term to show in the list of arguments.
   *
   * @param {Argument} argument
   * @returns {string}
   */
  argumentTerm(argument) {
    return argument.name();
  }
  /**
   * Get the longest command term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestSubcommandTermLength(cmd, helper) {
    return helper.visibleCommands(cmd).reduce((max, command) => {
      return Math.max(
        max,
        this.displayWidth(
          helper.styleSubcommandTerm(helper.subcommandTerm(command))
        )
      );
    }, 0);
  }
  /**
   * Get the longest option term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestOptionTermLength(cmd, helper) {
    return helper.visibleOptions(cmd).reduce((max, option) => {
      return Math.max(
        max,
        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
      );
    }, 0);
  }
  /**
   * Get the longest global option term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestGlobalOptionTermLength(cmd, helper) {
    return helper.visibleGlobalOptions(cmd).reduce((max, option) => {
      return Math.max(
        max,
        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
      );
    }, 0);
  }
  /**
   * Get the longest argument term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestArgumentTermLength(cmd, helper) {
    return helper.visibleArguments(cmd).reduce((max, argument) => {
      return Math.max(
        max,
        this.displayWidth(
          helper.styleArgumentTerm(helper.argumentTerm(argument))
        )
      );
    }, 0);
  }
  /**
   * Get the command usage to be displayed at the top of the built-in help.
   *
   * @param {Command} cmd
   * @returns {string}
   */
  commandUsage(cmd) {
    let cmdName = cmd._name;
    if (cmd._aliases[0]) {
      cmdName = cmdName + "|" + cmd._aliases[0];
    }
    let ancestorCmdNames = "";
    for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
      ancestorCmdNames = ancestorCmd.name() + " " + ancestorCmdNames;
    }
    return ancestorCmdNames + cmdName + " " + cmd.usage();
  }
  /**
   * Get the description for the command.
   *
   * @param {Command} cmd
   * @returns {string}
   */
  commandDescription(cmd) {
    return cmd.description();
  }
  /**
   * Get the subcommand summary to show in the list of subcommands.
   * (Fallback to description for backwards compatibility.)
   *
   * @param {Command} cmd
   * @returns {string}
   */
  subcommandDescription(cmd) {
    return cmd.summary() || cmd.description();
  }
  /**
   * Get the option description to show in the list of options.
   *
   * @param {Option} option
   * @return {string}
   */
  optionDescription(option) {
    const extraInfo = [];
    if (option.argChoices) {
      extraInfo.push(
        // use stringify to match the display of the default value
        `choices: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
      );
    }
    if (option.defaultValue !== void 0) {
      const showDefault = option.required || option.optional || option.isBoolean() && typeof option.defaultValue === "boolean";
      if (showDefault) {
        extraInfo.push(
          `default: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`
        );
      }
    }
    if (option.presetArg !== void 0 && option.optional) {
      extraInfo.push(`preset: ${JSON.stringify(option.presetArg)}`);
    }
    if (option.envVar !== void 0) {
      extraInfo.push(`env: ${option.envVar}`);
    }
    if (extraInfo.length > 0) {
      const extraDescription = `(${extraInfo.join(", ")})`;
      if (option.description) {
        return `${option.description} ${extraDescription}`;
      }
      return extraDescription;
    }
    return option.description;
  }
  /**
   * Get the argument description to show in the list of arguments.
   *
   * @param {Argument} argument
   * @return {string}
   */
  argumentDescription(argument) {
    const extraInfo = [];
    if (argument.argChoices) {
      extraInfo.push(
        // use stringify to match the display of the default value
        `choices: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
      );
    }
    if (argument.defaultValue !== void 0) {
      extraInfo.push(
        `default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`
      );
    }
    if (extraInfo.length > 0) {
      const extraDescription = `(${extraInfo.join(", ")})`;
      if (argument.description) {
        return `${argument.description} ${extraDescription}`;
      }
      return extraDescription;
    }
    return argument.description;
  }
  /**
   * Format a list of items, given a heading and an array of formatted items.
   *
   * @param {string} heading
   * @param {string[]} items
   * @param {Help} helper
   * @returns string[]
   */
  formatItemList(heading, items, helper) {
    if (items.length === 0) return [];
    return [helper.styleTitle(heading), ...items, ""];
  }
  /**
   * Group items by their help group heading.
   *
   * @param {Command[] | Option[]} unsortedItems
   * @param {Command[] | Option[]} visibleItems
   * @param {Function} getGroup
   * @returns {Map<string, Command[] | Option[]>}
   */
  groupItems(unsortedItems, visibleItems, getGroup) {
    const result = /* @__PURE__ */ new Map();
    unsortedItems.forEach((item) => {
      const group = getGroup(item);
      if (!result.has(group)) result.set(group, []);
    });
    visibleItems.forEach((item) => {
      const group = getGroup(item);
      if (!result.has(group)) {
        result.set(group, []);
      }
      result.get(group).push(item);
    });
    return result;
  }
  /**
   * Generate the built-in help text.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {string}
   */
  formatHelp(cmd, helper) {
    const termWidth = helper.padWidth(cmd, helper);
    const helpWidth = helper.helpWidth ?? 80;
    function callFormatItem(term, description) {
      return helper.formatItem(term, termWidth, description, helper);
    }
    let output = [
      `${helper.styleTitle("Usage:")} ${helper.styleUsage(helper.commandUsage(cmd))}`,
      ""
    ];
    const commandDescription = helper.commandDescription(cmd);
    if (commandDescription.length > 0) {
      output = output.concat([
        helper.boxWrap(
          helper.styleCommandDescription(commandDescription),
          helpWidth
        ),
        ""
      ]);
    }
    const argumentList = helper.visibleArguments(cmd).map((argument) => {
      return callFormatItem(
        helper.styleArgumentTerm(helper.argumentTerm(argument)),
        helper.styleArgumentDescription(helper.argumentDescription(argument))
      );
    });
    output = output.concat(
      this.formatItemList("Arguments:", argumentList, helper)
    );
    const optionGroups = this.groupItems(
      cmd.options,
      helper.visibleOptions(cmd),
      (option) => option.helpGroupHeading ?? "Options:"
    );
    optionGroups.forEach((options, group) => {
      const optionList = options.map((option) => {
        return callFormatItem(
          helper.styleOptionTerm(helper.optionTerm(option)),
          helper.styleOptionDescription(helper.optionDescription(option))
        );
      });
      output = output.concat(this.formatItemList(group, optionList, helper));
    });
    if (helper.showGlobalOptions) {
      const globalOptionList = helper.visibleGlobalOptions(cmd).map((option) => {
        return callFormatItem(
          helper.styleOptionTerm(helper.optionTerm(option)),
          helper.styleOptionDescription(helper.optionDescription(option))
        );
      });
      output = output.concat(
        this.formatItemList("Global Options:", globalOptionList, helper)
      );
    }
    const commandGroups = this.groupItems(
      cmd.commands,
      helper.visibleCommands(cmd),
      (sub) => sub.helpGroup() || "Commands:"
    );
    commandGroups.forEach((commands, group) => {
      const commandList = commands.map((sub) => {
        return callFormatItem(
          helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
          helper.styleSubcommandDescription(helper.subcommandDescription(sub))
        );
      });
      output = output.concat(this.formatItemList(group, commandList, helper));
    });
    return output.join("\n");
  }
  /**
   * Return display width of string, ignoring ANSI escape sequences. Used in padding and wrapping calculations.
   *
   * @param {string} str
   * @returns {number}
   */
  displayWidth(str) {
    return stripVTControlCharacters(str).length;
  }
  /**
   * Style the title for displaying in the help. Called with 'Usage:', 'Options:', etc.
   *
   * @param {string} str
   * @returns {string}
   */
  styleTitle(str) {
    return str;
  }
  styleUsage(str) {
    return str.split(" ").map((word) => {
      if (word === "[options]") return this.styleOptionText(word);
      if (word === "[command]") return this.styleSubcommandText(word);
      if (word[0] === "[" || word[0] === "<")
        return this.styleArgumentText(word);
      return this.styleCommandText(word);
    }).join(" ");
  }
  styleCommandDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleOptionDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleSubcommandDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleArgumentDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleDescriptionText(str) {
    return str;
  }
  styleOptionTerm(str) {
    return this.styleOptionText(str);
  }
  styleSubcommandTerm(str) {
    return str.split(" ").map((word) => {
      if (word === "[options]") return this.styleOptionText(word);
      if (word[0] === "[" || word[0] === "<")
        return this.styleArgumentText(word);
      return this.styleSubcommandText(word);
    }).join(" ");
  }
  styleArgumentTerm(str) {
    return this.styleArgumentText(str);
  }
  styleOptionText(str) {
    return str;
  }
  styleArgumentText(str) {
    return str;
  }
  styleSubcommandText(str) {
    return str;
  }
  styleCommandText(str) {
    return str;
  }
  /**
   * Calculate the pad width from the maximum term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  padWidth(cmd, helper) {
    return Math.max(
      helper.longestOptionTermLength(cmd, helper),
      helper.longestGlobalOptionTermLength(cmd, helper),
      helper.longestSubcommandTermLength(cmd, helper),
      helper.longestArgumentTermLength(cmd, helper)
    );
  }
  /**
   * Detect manually wrapped and indented strings by checking for line break followed by whitespace.
   *
   * @param {string} str
   * @returns {boolean}
   */
  preformatted(str) {
    return /\n[^\S\r\n]/.test(str);
  }
  /**
   * Format the "item", which consists of a term and description. Pad the term and wrap the description, indenting the following lines.
   *
   * So "TTT", 5, "DDD DDDD DD DDD" might be formatted for this.helpWidth=17 like so:
   *   TTT  DDD DDDD
   *        DD DDD
   *
   * @param {string} term
   * @param {number} termWidth
   * @param {string} description
   * @param {Help} helper
   * @returns {string}
   */
  formatItem(term, termWidth, description, helper) {
    const itemIndent = 2;
    const itemIndentStr = " ".repeat(itemIndent);
    if (!description) return itemIndentStr + term;
    const paddedTerm = term.padEnd(
      termWidth + term.length - helper.displayWidth(term)
    );
    const spacerWidth = 2;
    const helpWidth = this.helpWidth ?? 80;
    const remainingWidth = helpWidth - termWidth - spacerWidth - itemIndent;
    let formattedDescription;
    if (remainingWidth < this.minWidthToWrap || helper.preformatted(description)) {
      formattedDescription = description;
    } else {
      const wrappedDescription = helper.boxWrap(description, remainingWidth);
      formattedDescription = wrappedDescription.replace(
        /\n/g,
        "\n" + " ".repeat(termWidth + spacerWidth)
      );
    }
    return itemIndentStr + paddedTerm + " ".repeat(spacerWidth) + formattedDescription.replace(/\n/g, `
${itemIndentStr}`);
  }
  /**
   * Wrap a string at whitespace, preserving existing line breaks.
   * Wrapping is skipped if the width is less than `minWidthToWrap`.
   *
   * @param {string} str
   * @param {number} width
   * @returns {string}
   */
  boxWrap(str, width) {
    if (width < this.minWidthToWrap) return str;
    const rawLines = str.split(/\r\n|\n/);
    const chunkPattern = /[\s]*[^\s]+/g;
    const wrappedLines = [];
    rawLines.forEach((line) => {
      const chunks = line.match(chunkPattern);
      if (chunks === null) {
        wrappedLines.push("");
        return;
      }
      let sumChunks = [chunks.shift()];
      let sumWidth = this.displayWidth(sumChunks[0]);
      chunks.forEach((chunk) => {
        const visibleWidth = this.displayWidth(chunk);
        if (sumWidth + visibleWidth <= width) {
          sumChunks.push(chunk);
          sumWidth += visibleWidth;
          return;
        }
        wrappedLines.push(sumChunks.join(""));
        const nextChunk = chunk.trimStart();
        sumChunks = [nextChunk];
        sumWidth = this.displayWidth(nextChunk);
      });
      wrappedLines.push(sumChunks.join(""));
    });
    return wrappedLines.join("\n");
  }
};

// node_modules/commander/lib/option.js
var Option = class {
  /**
   * Initialize a new `Option` with the given `flags` and `description`.
   *
   * @param {string} flags
   * @param {string} [description]
   */
  constructor(flags, description) {
    this.flags = flags;
    this.description = description || "";
    this.required = flags.includes("<");
    this.optional = flags.includes("[");
    this.variadic = new RegExp("\\p{ID_Continue}\\.\\.\\.[>\\]]$", "u").test(flags);
    this.mandatory = false;
    const optionFlags = splitOptionFlags(flags);
    this.short = optionFlags.shortFlag;
    this.long = optionFlags.longFlag;
    this.negate = false;
    if (this.long) {
      this.negate = this.long.startsWith("--no-");
    }
    this.defaultValue = void 0;
    this.defaultValueDescription = void 0;
    this.presetArg = void 0;
    this.envVar = void 0;
    this.parseArg = void 0;
    this.hidden = false;
    this.argChoices = void 0;
    this.conflictsWith = [];
    this.implied = void 0;
    this.helpGroupHeading = void 0;
  }
  /**
   * Set the default value, and optionally supply the description to be displayed in the help.
   *
   * @param {*} value
   * @param {string} [description]
   * @return {Option}
   */
  default(value, description) {
    this.defaultValue = value;
    this.defaultValueDescription = description;
    return this;
  }
  /**
   * Preset to use when option used without option-argument, especially optional but also boolean and negated.
   * The custom processing (parseArg) is called.
   *
   * @example
   * new Option('--color').default('GREYSCALE').preset('RGB');
   * new Option('--donate [amount]').preset('20').argParser(parseFloat);
   *
   * @param {*} arg
   * @return {Option}
   */
  preset(arg) {
    this.presetArg = arg;
    return this;
  }
  /**
   * Add option name(s) that conflict with this option.
   * An error will be displayed if conflicting options are found during parsing.
   *
   * @example
   * new Option('--rgb').conflicts('cmyk');
   * new Option('--js').conflicts(['ts', 'jsx']);
   *
   * @param {(string | string[])} names
   * @return {Option}
   */
  conflicts(names) {
    this.conflictsWith = this.conflictsWith.concat(names);
    return this;
  }
  /**
   * Specify implied option values for when this option is set and the implied options are not.
   *
   * The custom processing (parseArg) is not called on the implied values.
   *
   * @example
   * program
   *   .addOption(new Option('--log', 'write logging information to file'))
   *   .addOption(new Option('--trace', 'log extra details').implies({ log: 'trace.txt' }));
   *
   * @param {object} impliedOptionValues
   * @return {Option}
   */
  implies(impliedOptionValues) {
    let newImplied = impliedOptionValues;
    if (typeof impliedOptionValues === "string") {
      newImplied = { [impliedOptionValues]: true };
    }
    this.implied = Object.assign(this.implied || {}, newImplied);
    return this;
  }
  /**
   * Set environment variable to check for option value.
   *
   * An environment variable is only used if when processed the current option value is
   * undefined, or the source of the current value is 'default' or 'config' or 'env'.
   *
   * @param {string} name
   * @return {Option}
   */
  env(name) {
    this.envVar = name;
    return this;
  }
  /**
   * Set the custom handler for processing CLI option arguments into option values.
   *
   * @param {Function} [fn]
   * @return {Option}
   */
  argParser(fn) {
    this.parseArg = fn;
    return this;
  }
  /**
   * Whether the option is mandatory and must have a value after parsing.
   *
   * @param {boolean} [mandatory=true]
   * @return {Option}
   */
  makeOptionMandatory(mandatory = true) {
    this.mandatory = !!mandatory;
    return this;
  }
  /**
   * Hide option in help.
   *
   * @param {boolean} [hide=true]
   * @return {Option}
   */
  hideHelp(hide = true) {
    this.hidden = !!hide;
    return this;
  }
  /**
   * @package
   */
  _collectValue(value, previous) {
    if (previous === this.defaultValue || !Array.isArray(previous)) {
      return [value];
    }
    previous.push(value);
    return previous;
  }
  /**
   * Only allow option value to be one of choices.
   *
   * @param {string[]} values
   * @return {Option}
   */
  choices(values) {
    this.argChoices = values.slice();
    this.parseArg = (arg, previous) => {
      if (!this.argChoices.includes(arg)) {
        throw new InvalidArgumentError(
          `Allowed choices are ${this.argChoices.join(", ")}.`
        );
      }
      if (this.variadic) {
        return this._collectValue(arg, previous);
      }
      return arg;
    };
    return this;
  }
  /**
   * Return option name.
   *
   * @return {string}
   */
  name() {
    if (this.long) {
      return this.long.replace(/^--/, "");
    }
    return this.short.replace(/^-/, "");
  }
  /**
   * Return option name, in a camelcase format that can be used
   * as an object attribute key.
   *
   * @return {string}
   */
  attributeName() {
    if (this.negate) {
      return camelcase(this.name().replace(/^no-/, ""));
    }
    return camelcase(this.name());
  }
  /**
   * Set the help group heading.
   *
   * @param {string} heading
   * @return {Option}
   */
  helpGroup(heading) {
    this.helpGroupHeading = heading;
    return this;
  }
  /**
   * Check if `arg` matches the short or long flag.
   *
   * @param {string} arg
   * @return {boolean}
   * @package
   */
  is(arg) {
    return this.short === arg || this.long === arg;
  }
  /**
   * Return whether a boolean option.
   *
   * Options are one of boolean, negated, required argument, or optional argument.
   *
   * @return {boolean}
   * @package
   */
  isBoolean() {
    return !this.required && !this.optional && !this.negate;
  }
};
var DualOptions = class {
  /**
   * @param {Option[]} options
   */
  constructor(options) {
    this.positiveOptions = /* @__PURE__ */ new Map();
    this.negativeOptions = /* @__PURE__ */ new Map();
    this.dualOptions = /* @__PURE__ */ new Set();
    options.forEach((option) => {
      if (option.negate) {
        this.negativeOptions.set(option.attributeName(), option);
      } else {
        this.positiveOptions.set(option.attributeName(), option);
      }
    });
    this.negativeOptions.forEach((value, key) => {
      if (this.positiveOptions.has(key)) {
        this.dualOptions.add(key);
      }
    });
  }
  /**
   * Did the value come from the option, and not from possible matching dual option?
   *
   * @param {*} value
   * @param {Option} option
   * @returns {boolean}
   */
  valueFromOption(value, option) {
    const optionKey = option.attributeName();
    if (!this.dualOptions.has(optionKey)) return true;
    const preset = this.negativeOptions.get(optionKey).presetArg;
    const negativeValue = preset !== void 0 ? preset : false;
    return option.negate === (negativeValue === value);
  }
};
function camelcase(str) {
  return str.split("-").reduce((str2, word) => {
    return str2 + word[0].toUpperCase() + word.slice(1);
  });
}
function splitOptionFlags(flags) {
  let shortFlag;
  let longFlag;
  const shortFlagExp = /^-[^-]$/;
  const longFlagExp = /^--[^-]/;
  const flagParts = flags.split(/[ |,]+/).concat("guard");
  if (shortFlagExp.test(flagParts[0])) shortFlag = flagParts.shift();
  if (longFlagExp.test(flagParts[0])) longFlag = flagParts.shift();
  if (!shortFlag && shortFlagExp.test(flagParts[0]))
    shortFlag = flagParts.shift();
  if (!shortFlag && longFlagExp.test(flagParts[0])) {
    shortFlag = longFlag;
    longFlag = flagParts.shift();
  }
  if (flagParts[0].startsWith("-")) {
    const unsupportedFlag = flagParts[0];
    const baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
    if (/^-[^-][^-]/.test(unsupportedFlag))
      throw new Error(
        `${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`
      );
    if (shortFlagExp.test(unsupportedFlag))
      throw new Error(`${baseError}
- too many short flags`);
    if (longFlagExp.test(unsupportedFlag))
      throw new Error(`${baseError}
- too many long flags`);
    throw new Error(`${baseError}
- unrecognised flag format`);
  }
  if (shortFlag === void 0 && longFlag === void 0)
    throw new Error(
      `option creation failed due to no flags found in '${flags}'.`
    );
  return { shortFlag, longFlag };
}

// node_modules/commander/lib/suggestSimilar.js
var maxDistance = 3;
function editDistance(a, b) {
  if (Math.abs(a.length - b.length) > maxDistance)
    return Math.max(a.length, b.length);
  const d = [];
  for (let i = 0; i <= a.length; i++) {
    d[i] = [i];
  }
  for (let j = 0; j <= b.length; j++) {
    d[0][j] = j;
  }
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      let cost;
      if (a[i - 1] === b[j - 1]) {
        cost = 0;
      } else {
        cost = 1;
      }
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        // deletion
        d[i][j - 1] + 1,
        // insertion
        d[i - 1][j - 1] + cost
        // substitution
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}
function suggestSimilar(word, candidates) {
  if (!candidates || candidates.length === 0) return "";
  candidates = Array.from(new Set(candidates));
  const searchingOptions = word.startsWith("--");
  if (searchingOptions) {
    word = word.slice(2);
    candidates = candidates.map((candidate) => candidate.slice(2));
  }
  let similar = [];
  let bestDistance = maxDistance;
  const minSimilarity = 0.4;
  candidates.forEach((candidate) => {
    if (candidate.length <= 1) return;
    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    const similarity = (length - distance) / length;
    if (similarity > minSimilarity) {
      if (distance < bestDistance) {
        bestDistance = distance;
        similar = [candidate];
      } else if (distance === bestDistance) {
        similar.push(candidate);
      }
    }
  });
  similar.sort((a, b) => a.localeCompare(b));
  if (searchingOptions) {
    similar = similar.map((candidate) => `--${candidate}`);
  }
  if (similar.length > 1) {
    return `
(Did you mean one of ${similar.join(", ")}?)`;
  }
  if (similar.length === 1) {
    return `
(Did you mean ${similar[0]}?)`;
  }
  return "";
}

// node_modules/commander/lib/command.js
var Command = class _Command extends EventEmitter {
  /**
   * Initialize a new `Command`.
   *
   * @param {string} [name]
   */
  constructor(name) {
    super();
    this.commands = [];
    this.options = [];
    this.parent = null;
    this._allowUnknownOption = false;
    this._allowExcessArguments = false;
    this.registeredArguments = [];
    this._args = this.registeredArguments;
    this.args = [];
    this.rawArgs = [];
    this.processedArgs = [];
    this._scriptPath = null;
    this._name = name || "";
    this._optionValues = {};
    this._optionValueSources = {};
    this._storeOptionsAsProperties = false;
    this._actionHandler = null;
    this._executableHandler = false;
    this._executableFile = null;
    this._executableDir = null;
    this._defaultCommandName = null;
    this._exitCallback = null;
    this._aliases = [];
    this._combineFlagAndOptionalValue = true;
    this._description = "";
    this._summary = "";
    this._argsDescription = void 0;
    this._enablePositionalOptions = false;
    this._passThroughOptions = false;
    this._lifeCycleHooks = {};
    this._showHelpAfterError = false;
    this._showSuggestionAfterError = true;
    this._savedState = null;
    this._outputConfiguration = {
      writeOut: (str) => process2.stdout.write(str),
      writeErr: (str) => process2.stderr.write(str),
      outputError: (str, write) => write(str),
      getOutHelpWidth: () => process2.stdout.isTTY ? process2.stdout.columns : void 0,
      getErrHelpWidth: () => process2.stderr.isTTY ? process2.stderr.columns : void 0,
      getOutHasColors: () => useColor() ?? (process2.stdout.isTTY && process2.stdout.hasColors?.()),
      getErrHasColors: () => useColor() ?? (process2.stderr.isTTY && process2.stderr.hasColors?.()),
      stripColor: (str) => stripVTControlCharacters2(str)
    };
    this._hidden = false;
    this._helpOption = void 0;
    this._addImplicitHelpCommand = void 0;
    this._helpCommand = void 0;
    this._helpConfiguration = {};
    this._helpGroupHeading = void 0;
    this._defaultCommandGroup = void 0;
    this._defaultOptionGroup = void 0;
  }
  /**
   * Copy settings that are useful to have in common across root command and subcommands.
   *
   * (Used internally when adding a command using `.command()` so subcommands inherit parent settings.)
   *
   * @param {Command} sourceCommand
   * @return {Command} `this` command for chaining
   */
  copyInheritedSettings(sourceCommand) {
    this._outputConfiguration = sourceCommand._outputConfiguration;
    this._helpOption = sourceCommand._helpOption;
    this._helpCommand = sourceCommand._helpCommand;
    this._helpConfiguration = sourceCommand._helpConfiguration;
    this._exitCallback = sourceCommand._exitCallback;
    this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties;
    this._combineFlagAndOptionalValue = sourceCommand._combineFlagAndOptionalValue;
    this._allowExcessArguments = sourceCommand._allowExcessArguments;
    this._enablePositionalOptions = sourceCommand._enablePositionalOptions;
    this._showHelpAfterError = sourceCommand._showHelpAfterError;
    this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError;
    return this;
  }
  /**
   * @returns {Command[]}
   * @private
   */
  _getCommandAndAncestors() {
    const result = [];
    for (let command = this; command; command = command.parent) {
      result.push(command);
    }
    return result;
  }
  /**
   * Define a command.
   *
   * There are two styles of command: pay attention to where to put the description.
   *
   * @example
   * // Command implemented using action handler (description is supplied separately to `.command`)
   * program
   *   .command('clone <source> [destination]')
   *   .description('clone a repository into a newly created directory')
   *   .action((source, destination) => {
   *     console.log('clone command called');
   *   });
   *
   * // Command implemented using separate executable file (description is second parameter to `.command`)
   * program
   *   .command('start <service>', 'start named service')
   *   .command('stop [service]', 'stop named service, or all if no name supplied');
   *
   * @param {string} nameAndArgs - command name and arguments, args are `<required>` or `[optional]` and last may also be `variadic...`
   * @param {(object | string)} [actionOptsOrExecDesc] - configuration options (for action), or description (for executable)
   * @param {object} [execOpts] - configuration options (for executable)
   * @return {Command} returns new command for action handler, or `this` for executable command
   */
  command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
    let desc = actionOptsOrExecDesc;
    let opts = execOpts;
    if (typeof desc === "object" && desc !== null) {
      opts = desc;
      desc = null;
    }
    opts = opts || {};
    const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/);
    const cmd = this.createCommand(name);
    if (desc) {
      cmd.description(desc);
      cmd._executableHandler = true;
    }
    if (opts.isDefault) this._defaultCommandName = cmd._name;
    cmd._hidden = !!(opts.noHelp || opts.hidden);
    cmd._executableFile = opts.executableFile || null;
    if (args) cmd.arguments(args);
    this._registerCommand(cmd);
    cmd.parent = this;
    cmd.copyInheritedSettings(this);
    if (desc) return this;
    return cmd;
  }
  /**
   * Factory routine to create a new unattached command.
   *
   * See .command() for creating an attached subcommand, which uses this routine to
   * create the command. You can override createCommand to customise subcommands.
   *
   * @param {string} [name]
   * @return {Command} new command
   */
  createCommand(name) {
    return new _Command(name);
  }
  /**
   * You can customise the help with a subclass of Help by overriding createHelp,
   * or by overriding Help properties using configureHelp().
   *
   * @return {Help}
   */
  createHelp() {
    return Object.assign(new Help(), this.configureHelp());
  }
  /**
   * You can customise the help by overriding Help properties using configureHelp(),
   * or with a subclass of Help by overriding createHelp().
   *
   * @param {object} [configuration] - configuration options
   * @return {(Command | object)} `this` command for chaining, or stored configuration
   */
  configureHelp(configuration) {
    if (configuration === void 0) return this._helpConfiguration;
    this._helpConfiguration = configuration;
    return this;
  }
  /**
   * The default output goes to stdout and stderr. You can customise this for special
   * applications. You can also customise the display of errors by overriding outputError.
   *
   * The configuration properties are all functions:
   *
   *     // change how output being written, defaults to stdout and stderr
   *     writeOut(str)
   *     writeErr(str)
   *     // change how output being written for errors, defaults to writeErr
   *     outputError(str, write) // used for displaying errors and not used for displaying help
   *     // specify width for wrapping help
   *     getOutHelpWidth()
   *     getErrHelpWidth()
   *     // color support, currently only used with Help
   *     getOutHasColors()
   *     getErrHasColors()
   *     stripColor() // used to remove ANSI escape codes if output does not have colors
   *
   * @param {object} [configuration] - configuration options
   * @return {(Command | object)} `this` command for chaining, or stored configuration
   */
  configureOutput(configuration) {
    if (configuration === void 0) return this._outputConfiguration;
    this._outputConfiguration = {
      ...this._outputConfiguration,
      ...configuration
    };
    return this;
  }
  /**
   * Display the help or a custom message after an error occurs.
   *
   * @param {(boolean|string)} [displayHelp]
   * @return {Command} `this` command for chaining
   */
  showHelpAfterError(displayHelp = true) {
    if (typeof displayHelp !== "string") displayHelp = !!displayHelp;
    this._showHelpAfterError = displayHelp;
    return this;
  }
  /**
   * Display suggestion of similar commands for unknown commands, or options for unknown options.
   *
   * @param {boolean} [displaySuggestion]
   * @return {Command} `this` command for chaining
   */
  showSuggestionAfterError(displaySuggestion = true) {
    this._showSuggestionAfterError = !!displaySuggestion;
    return this;
  }
  /**
   * Add a prepared subcommand.
   *
   * See .command() for creating an attached subcommand which inherits settings from its parent.
   *
   * @param {Command} cmd - new subcommand
   * @param {object} [opts] - configuration options
   * @return {Command} `this` command for chaining
   */
  addCommand(cmd, opts) {
    if (!cmd._name) {
      throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
    }
    opts = opts || {};
    if (opts.isDefault) this._defaultCommandName = cmd._name;
    if (opts.noHelp || opts.hidden) cmd._hidden = true;
    this._registerCommand(cmd);
    cmd.parent = this;
    cmd._checkForBrokenPassThrough();
    return this;
  }
  /**
   * Factory routine to create a new unattached argument.
   *
   * See .argument() for creating an attached argument, which uses this routine to
   * create the argument. You can override createArgument to return a custom argument.
   *
   * @param {string} name
   * @param {string} [description]
   * @return {Argument} new argument
   */
  createArgument(name, description) {
    return new Argument(name, description);
  }
  /**
   * Define argument syntax for command.
   *
   * The default is that the argument is required, and you can explicitly
   * indicate this with <> around the name. Put [] around the name for an optional argument.
   *
   * @example
   * program.argument('<input-file>');
   * program.argument('[output-file]');
   *
   * @param {string} name
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom argument processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */
  argument(name, description, parseArg, defaultValue) {
    const argument = this.createArgument(name, description);
    if (typeof parseArg === "function") {
      argument.default(defaultValue).argParser(parseArg);
    } else {
      argument.default(parseArg);
    }
    this.addArgument(argument);
    return this;
  }
  /**
   * Define argument syntax for command, adding multiple at once (without descriptions).
   *
   * See also .argument().
   *
   * @example
   * program.arguments('<cmd> [env]');
   *
   * @param {string} names
   * @return {Command} `this` command for chaining
   */
  arguments(names) {
    names.trim().split(/ +/).forEach((detail) => {
      this.argument(detail);
    });
    return this;
  }
  /**
   * Define argument syntax for command, adding a prepared argument.
   *
   * @param {Argument} argument
   * @return {Command} `this` command for chaining
   */
  addArgument(argument) {
    const previousArgument = this.registeredArguments.slice(-1)[0];
    if (previousArgument?.variadic) {
      throw new Error(
        `only the last argument can be variadic '${previousArgument.name()}'`
      );
    }
    if (argument.required && argument.defaultValue !== void 0 && argument.parseArg === void 0) {
      throw new Error(
        `a default value for a required argument is never used: '${argument.name()}'`
      );
    }
    this.registeredArguments.push(argument);
    return this;
  }
  /**
   * Customise or override default help command. By default a help command is automatically added if your command has subcommands.
   *
   * @example
   *    program.helpCommand('help [cmd]');
   *    program.helpCommand('help [cmd]', 'show help');
   *    program.helpCommand(false); // suppress default help command
   *    program.helpCommand(true); // add help command even if no subcommands
   *
   * @param {string|boolean} enableOrNameAndArgs - enable with custom name and/or arguments, or boolean to override whether added
   * @param {string} [description] - custom description
   * @return {Command} `this` command for chaining
   */
  helpCommand(enableOrNameAndArgs, description) {
    if (typeof enableOrNameAndArgs === "boolean") {
      this._addImplicitHelpCommand = enableOrNameAndArgs;
      if (enableOrNameAndArgs && this._defaultCommandGroup) {
        this._initCommandGroup(this._getHelpCommand());
      }
      return this;
    }
    const nameAndArgs = enableOrNameAndArgs ?? "help [command]";
    const [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/);
    const helpDescription = description ?? "display help for command";
    const helpCommand = this.createCommand(helpName);
    helpCommand.helpOption(false);
    if (helpArgs) helpCommand.arguments(helpArgs);
    if (helpDescription) helpCommand.description(helpDescription);
    this._addImplicitHelpCommand = true;
    this._helpCommand = helpCommand;
    if (enableOrNameAndArgs || description) this._initCommandGroup(helpCommand);
    return this;
  }
  /**
   * Add prepared custom help command.
   *
   * @param {(Command|string|boolean)} helpCommand - custom help command, or deprecated enableOrNameAndArgs as for `.helpCommand()`
   * @param {string} [deprecatedDescription] - deprecated custom description used with custom name only
   * @return {Command} `this` command for chaining
   */
  addHelpCommand(helpCommand, deprecatedDescription) {
    if (typeof helpCommand !== "object") {
      this.helpCommand(helpCommand, deprecatedDescription);
      return this;
    }
    this._addImplicitHelpCommand = true;
    this._helpCommand = helpCommand;
    this._initCommandGroup(helpCommand);
    return this;
  }
  /**
   * Lazy create help command.
   *
   * @return {(Command|null)}
   * @package
   */
  _getHelpCommand() {
    const hasImplicitHelpCommand = this._addImplicitHelpCommand ?? (this.commands.length && !this._actionHandler && !this._findCommand("help"));
    if (hasImplicitHelpCommand) {
      if (this._helpCommand === void 0) {
        this.helpCommand(void 0, void 0);
      }
      return this._helpCommand;
    }
    return null;
  }
  /**
   * Add hook for life cycle event.
   *
   * @param {string} event
   * @param {Function} listener
   * @return {Command} `this` command for chaining
   */
  hook(event, listener) {
    const allowedValues = ["preSubcommand", "preAction", "postAction"];
    if (!allowedValues.includes(event)) {
      throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
    }
    if (this._lifeCycleHooks[event]) {
      this._lifeCycleHooks[event].push(listener);
    } else {
      this._lifeCycleHooks[event] = [listener];
    }
    return this;
  }
  /**
   * Register callback to use as replacement for calling process.exit.
   *
   * @param {Function} [fn] optional callback which will be passed a CommanderError, defaults to throwing
   * @return {Command} `this` command for chaining
   */
  exitOverride(fn) {
    if (fn) {
      this._exitCallback = fn;
    } else {
      this._exitCallback = (err) => {
        if (err.code !== "commander.executeSubCommandAsync") {
          throw err;
        } else {
        }
      };
    }
    return this;
  }
  /**
   * Call process.exit, and _exitCallback if defined.
   *
   * @param {number} exitCode exit code for using with process.exit
   * @param {string} code an id string representing the error
   * @param {string} message human-readable description of the error
   * @return never
   * @private
   */
  _exit(exitCode, code, message) {
    if (this._exitCallback) {
      this._exitCallback(new CommanderError(exitCode, code, message));
    }
    process2.exit(exitCode);
  }
  /**
   * Register callback `fn` for the command.
   *
   * @example
   * program
   *   .command('serve')
   *   .description('start service')
   *   .action(function() {
   *      // do work here
   *   });
   *
   * @param {Function} fn
   * @return {Command} `this` command for chaining
   */
  action(fn) {
    const listener = (args) => {
      const expectedArgsCount = this.registeredArguments.length;
      const actionArgs = args.slice(0, expectedArgsCount);
      if (this._storeOptionsAsProperties) {
        actionArgs[expectedArgsCount] = this;
      } else {
        actionArgs[expectedArgsCount] = this.opts();
      }
      actionArgs.push(this);
      return fn.apply(this, actionArgs);
    };
    this._actionHandler = listener;
    return this;
  }
  /**
   * Factory routine to create a new unattached option.
   *
   * See .option() for creating an attached option, which uses this routine to
   * create the option. You can override createOption to return a custom option.
   *
   * @param {string} flags
   * @param {string} [description]
   * @return {Option} new option
   */
  createOption(flags, description) {
    return new Option(flags, description);
  }
  /**
   * Wrap parseArgs to catch 'commander.invalidArgument'.
   *
   * @param {(Option | Argument)} target
   * @param {string} value
   * @param {*} previous
   * @param {string} invalidArgumentMessage
   * @private
   */
  _callParseArg(target, value, previous, invalidArgumentMessage) {
    try {
      return target.parseArg(value, previous);
    } catch (err) {
      if (err.code === "commander.invalidArgument") {
        const message = `${invalidArgumentMessage} ${err.message}`;
        this.error(message, { exitCode: err.exitCode, code: err.code });
      }
      throw err;
    }
  }
  /**
   * Check for option flag conflicts.
   * Register option if no conflicts found, or throw on conflict.
   *
   * @param {Option} option
   * @private
   */
  _registerOption(option) {
    const matchingOption = option.short && this._findOption(option.short) || option.long && this._findOption(option.long);
    if (matchingOption) {
      const matchingFlag = option.long && this._findOption(option.long) ? option.long : option.short;
      throw new Error(`Cannot add option '${option.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
    }
    this._initOptionGroup(option);
    this.options.push(option);
  }
  /**
   * Check for command name and alias conflicts with existing commands.
   * Register command if no conflicts found, or throw on conflict.
   *
   * @param {Command} command
   * @private
   */
  _registerCommand(command) {
    const knownBy = (cmd) => {
      return [cmd.name()].concat(cmd.aliases());
    };
    const alreadyUsed = knownBy(command).find(
      (name) => this._findCommand(name)
    );
    if (alreadyUsed) {
      const existingCmd = knownBy(this._findCommand(alreadyUsed)).join("|");
      const newCmd = knownBy(command).join("|");
      throw new Error(
        `cannot add command '${newCmd}' as already have command '${existingCmd}'`
      );
    }
    this._initCommandGroup(command);
    this.commands.push(command);
  }
  /**
   * Add an option.
   *
   * @param {Option} option
   * @return {Command} `this` command for chaining
   */
  addOption(option) {
    this._registerOption(option);
    const oname = option.name();
    const name = option.attributeName();
    if (option.defaultValue !== void 0) {
      this.setOptionValueWithSource(name, option.defaultValue, "default");
    }
    const handleOptionValue = (val, invalidValueMessage, valueSource) => {
      if (val == null && option.presetArg !== void 0) {
        val = option.presetArg;
      }
      const oldValue = this.getOptionValue(name);
      if (val !== null && option.parseArg) {
        val = this._callParseArg(option, val, oldValue, invalidValueMessage);
      } else if (val !== null && option.variadic) {
        val = option._collectValue(val, oldValue);
      }
      if (val == null) {
        if (option.negate) {
          val = false;
        } else if (option.isBoolean() || option.optional) {
          val = true;
        } else {
          val = "";
        }
      }
      this.setOptionValueWithSource(name, val, valueSource);
    };
    this.on("option:" + oname, (val) => {
      const invalidValueMessage = `error: option '${option.flags}' argument '${val}' is invalid.`;
      handleOptionValue(val, invalidValueMessage, "cli");
    });
    if (option.envVar) {
      this.on("optionEnv:" + oname, (val) => {
        const invalidValueMessage = `error: option '${option.flags}' value '${val}' from env '${option.envVar}' is invalid.`;
        handleOptionValue(val, invalidValueMessage, "env");
      });
    }
    return this;
  }
  /**
   * Internal implementation shared by .option() and .requiredOption()
   *
   * @return {Command} `this` command for chaining
   * @private
   */
  _optionEx(config, flags, description, fn, defaultValue) {
    if (typeof flags === "object" && flags instanceof Option) {
      throw new Error(
        "To add an Option object use addOption() instead of option() or requiredOption()"
      );
    }
    const option = this.createOption(flags, description);
    option.makeOptionMandatory(!!config.mandatory);
    if (typeof fn === "function") {
      option.default(defaultValue).argParser(fn);
    } else if (fn instanceof RegExp) {
      const regex = fn;
      fn = (val, def) => {
        const m = regex.exec(val);
        return m ? m[0] : def;
      };
      option.default(defaultValue).argParser(fn);
    } else {
      option.default(fn);
    }
    return this.addOption(option);
  }
  /**
   * Define option with `flags`, `description`, and optional argument parsing function or `defaultValue` or both.
   *
   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space. A required
   * option-argument is indicated by `<>` and an optional option-argument by `[]`.
   *
   * See the README for more details, and see also addOption() and requiredOption().
   *
   * @example
   * program
   *     .option('-p, --pepper', 'add pepper')
   *     .option('--pt, --pizza-type <TYPE>', 'type of pizza') // required option-argument
   *     .option('-c, --cheese [CHEESE]', 'add extra cheese', 'mozzarella') // optional option-argument with default
   *     .option('-t, --tip <VALUE>', 'add tip to purchase cost', parseFloat) // custom parse function
   *
   * @param {string} flags
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom option processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */
  option(flags, description, parseArg, defaultValue) {
    return this._optionEx({}, flags, description, parseArg, defaultValue);
  }
  /**
   * Add a required option which must have a value after parsing. This usually means
   * the option must be specified on the command line. (Otherwise the same as .option().)
   *
   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space.
   *
   * @param {string} flags
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom option processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */
  requiredOption(flags, description, parseArg, defaultValue) {
    return this._optionEx(
      { mandatory: true },
      flags,
      description,
      parseArg,
      defaultValue
    );
  }
  /**
   * Alter parsing of short flags with optional values.
   *
   * @example
   * // for `.option('-f,--flag [value]'):
   * program.combineFlagAndOptionalValue(true);  // `-f80` is treated like `--flag=80`, this is the default behaviour
   * program.combineFlagAndOptionalValue(false) // `-fb` is treated like `-f -b`
   *
   * @param {boolean} [combine] - if `true` or omitted, an optional value can be specified directly after the flag.
   * @return {Command} `this` command for chaining
   */
  combineFlagAndOptionalValue(combine = true) {
    this._combineFlagAndOptionalValue = !!combine;
    return this;
  }
  /**
   * Allow unknown options on the command line.
   *
   * @param {boolean} [allowUnknown] - if `true` or omitted, no error will be thrown for unknown options.
   * @return {Command} `this` command for chaining
   */
  allowUnknownOption(allowUnknown = true) {
    this._allowUnknownOption = !!allowUnknown;
    return this;
  }
  /**
   * Allow excess command-arguments on the command line. Pass false to make excess arguments an error.
   *
   * @param {boolean} [allowExcess] - if `true` or omitted, no error will be thrown for excess arguments.
   * @return {Command} `this` command for chaining
   */
  allowExcessArguments(allowExcess = true) {
    this._allowExcessArguments = !!allowExcess;
    return this;
  }
  /**
   * Enable positional options. Positional means global options are specified before subcommands which lets
   * subcommands reuse the same option names, and also enables subcommands to turn on passThroughOptions.
   * The default behaviour is non-positional and global options may appear anywhere on the command line.
   *
   * @param {boolean} [positional]
   * @return {Command} `this` command for chaining
   */
  enablePositionalOptions(positional = true) {
    this._enablePositionalOptions = !!positional;
    return this;
  }
  /**
   * Pass through options that come after command-arguments rather than treat them as command-options,
   * so actual command-options come before command-arguments. Turning this on for a subcommand requires
   * positional options to have been enabled on the program (parent commands).
   * The default behaviour is non-positional and options may appear before or after command-arguments.
   *
   * @param {boolean} [passThrough] for unknown options.
   * @return {Command} `this` command for chaining
   */
  passThroughOptions(passThrough = true) {
    this._passThroughOptions = !!passThrough;
    this._checkForBrokenPassThrough();
    return this;
  }
  /**
   * @private
   */
  _checkForBrokenPassThrough() {
    if (this.parent && this._passThroughOptions && !this.parent._enablePositionalOptions) {
      throw new Error(
        `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`
      );
    }
  }
  /**
   * Whether to store option values as properties on command object,
   * or store separately (specify false). In both cases the option values can be accessed using .opts().
   *
   * @param {boolean} [storeAsProperties=true]
   * @return {Command} `this` command for chaining
   */
  storeOptionsAsProperties(storeAsProperties = true) {
    if (this.options.length) {
      throw new Error("call .storeOptionsAsProperties() before adding options");
    }
    if (Object.keys(this._optionValues).length) {
      throw new Error(
        "call .storeOptionsAsProperties() before setting option values"
      );
    }
    this._storeOptionsAsProperties = !!storeAsProperties;
    return this;
  }
  /**
   * Retrieve option value.
   *
   * @param {string} key
   * @return {object} value
   */
  getOptionValue(key) {
    if (this._storeOptionsAsProperties) {
      return this[key];
    }
    return this._optionValues[key];
  }
  /**
   * Store option value.
   *
   * @param {string} key
   * @param {object} value
   * @return {Command} `this` command for chaining
   */
  setOptionValue(key, value) {
    return this.setOptionValueWithSource(key, value, void 0);
  }
  /**
   * Store option value and where the value came from.
   *
   * @param {string} key
   * @param {object} value
   * @param {string} source - expected values are default/config/env/cli/implied
   * @return {Command} `this` command for chaining
   */
  setOptionValueWithSource(key, value, source) {
    if (this._storeOptionsAsProperties) {
      this[key] = value;
    } else {
      this._optionValues[key] = value;
    }
    this._optionValueSources[key] = source;
    return this;
  }
  /**
   * Get source of option value.
   * Expected values are default | config | env | cli | implied
   *
   * @param {string} key
   * @return {string}
   */
  getOptionValueSource(key) {
    return this._optionValueSources[key];
  }
  /**
   * Get source of option value. See also .optsWithGlobals().
   * Expected values are default | config | env | cli | implied
   *
   * @param {string} key
   * @return {string}
   */
  getOptionValueSourceWithGlobals(key) {
    let source;
    this._getCommandAndAncestors().forEach((cmd) => {
      if (Object.hasOwn(cmd._optionValueSources, key)) {
        source = cmd.getOptionValueSource(key);
      }
    });
    return source;
  }
  /**
   * Get user arguments from implied or explicit arguments.
   * Side-effects: set _scriptPath if args included script. Used for default program name, and subcommand searches.
   *
   * @private
   */
  _prepareUserArgs(argv, parseOptions) {
    if (argv !== void 0 && !Array.isArray(argv)) {
      throw new Error("first parameter to parse must be array or undefined");
    }
    parseOptions = parseOptions || {};
    if (argv === void 0 && parseOptions.from === void 0) {
      if (process2.versions?.electron) {
        parseOptions.from = "electron";
      }
      const execArgv = process2.execArgv ?? [];
      if (execArgv.includes("-e") || execArgv.includes("--eval") || execArgv.includes("-p") || execArgv.includes("--print")) {
        parseOptions.from = "eval";
      }
    }
    if (argv === void 0) {
      argv = process2.argv;
    }
    this.rawArgs = argv.slice();
    let userArgs;
    switch (parseOptions.from) {
      case void 0:
      case "node":
        this._scriptPath = argv[1];
        userArgs = argv.slice(2);
        break;
      case "electron":
        if (process2.defaultApp) {
          this._scriptPath = argv[1];
          userArgs = argv.slice(2);
        } else {
          userArgs = argv.slice(1);
        }
        break;
      case "user":
        userArgs = argv.slice(0);
        break;
      case "eval":
        userArgs = argv.slice(1);
        break;
      default:
        throw new Error(
          `unexpected parse option { from: '${parseOptions.from}' }`
        );
    }
    if (!this._name && this._scriptPath)
      this.nameFromFilename(this._scriptPath);
    this._name = this._name || "program";
    return userArgs;
  }
  /**
   * Parse `argv`, setting options and invoking commands when defined.
   *
   * Use parseAsync instead of parse if any of your action handlers are async.
   *
   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
   *
   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
   * - `'user'`: just user arguments
   *
   * @example
   * program.parse(); // parse process.argv and auto-detect electron and special node flags
   * program.parse(process.argv); // assume argv[0] is app and argv[1] is script
   * program.parse(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
   *
   * @param {string[]} [argv] - optional, defaults to process.argv
   * @param {object} [parseOptions] - optionally specify style of options with from: node/user/electron
   * @param {string} [parseOptions.from] - where the args are from: 'node', 'user', 'electron'
   * @return {Command} `this` command for chaining
   */
  parse(argv, parseOptions) {
    this._prepareForParse();
    const userArgs = this._prepareUserArgs(argv, parseOptions);
    this._parseCommand([], userArgs);
    return this;
  }
  /**
   * Parse `argv`, setting options and invoking commands when defined.
   *
   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
   *
   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
   * - `'user'`: just user arguments
   *
   * @example
   * await program.parseAsync(); // parse process.argv and auto-detect electron and special node flags
   * await program.parseAsync(process.argv); // assume argv[0] is app and argv[1] is script
   * await program.parseAsync(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
   *
   * @param {string[]} [argv]
   * @param {object} [parseOptions]
   * @param {string} parseOptions.from - where the args are from: 'node', 'user', 'electron'
   * @return {Promise}
   */
  async parseAsync(argv, parseOptions) {
    this._prepareForParse();
    const userArgs = this._prepareUserArgs(argv, parseOptions);
    await this._parseCommand([], userArgs);
    return this;
  }
  _prepareForParse() {
    if (this._savedState === null) {
      this.options.filter(
        (option) => option.negate && option.defaultValue === void 0 && this.getOptionValue(option.attributeName()) === void 0
      ).forEach((option) => {
        const positiveLongFlag = option.long.replace(/^--no-/, "--");
        if (!this._findOption(positiveLongFlag)) {
          this.setOptionValueWithSource(
            option.attributeName(),
            true,
            "default"
          );
        }
      });
      this.saveStateBeforeParse();
    } else {
      this.restoreStateBeforeParse();
    }
  }
  /**
   * Called the first time parse is called to save state and allow a restore before subsequent calls to parse.
   * Not usually called directly, but available for subclasses to save their custom state.
   *
   * This is called in a lazy way. Only commands used in parsing chain will have state saved.
   */
  saveStateBeforeParse() {
    this._savedState = {
      // name is stable if supplied by author, but may be unspecified for root command and deduced during parsing
      _name: this._name,
      // option values before parse have default values (including false for negated options)
      // shallow clones
      _optionValues: { ...this._optionValues },
      _optionValueSources: { ...this._optionValueSources }
    };
  }
  /**
   * Restore state before parse for calls after the first.
   * Not usually called directly, but available for subclasses to save their custom state.
   *
   * This is called in a lazy way. Only commands used in parsing chain will have state restored.
   */
  restoreStateBeforeParse() {
    if (this._storeOptionsAsProperties)
      throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);
    this._name = this._savedState._name;
    this._scriptPath = null;
    this.rawArgs = [];
    this._optionValues = { ...this._savedState._optionValues };
    this._optionValueSources = { ...this._savedState._optionValueSources };
    this.args = [];
    this.processedArgs = [];
  }
  /**
   * Throw if expected executable is missing. Add lots of help for author.
   *
   * @param {string} executableFile
   * @param {string} executableDir
   * @param {string} subcommandName
   */
  _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
    if (fs.existsSync(executableFile)) return;
    const executableDirMessage = executableDir ? `searched for local subcommand relative to directory '${executableDir}'` : "no directory for search for local subcommand, use .executableDir() to supply a custom directory";
    const executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
    throw new Error(executableMissing);
  }
  /**
   * Execute a sub-command executable.
   *
   * @private
   */
  _executeSubCommand(subcommand, args) {
    args = args.slice();
    const sourceExt = [".js", ".ts", ".tsx", ".mjs", ".cjs"];
    function findFile(baseDir, baseName) {
      const localBin = path.resolve(baseDir, baseName);
      if (fs.existsSync(localBin)) return localBin;
      if (sourceExt.includes(path.extname(baseName))) return void 0;
      const foundExt = sourceExt.find(
        (ext) => fs.existsSync(`${localBin}${ext}`)
      );
      if (foundExt) return `${localBin}${foundExt}`;
      return void 0;
    }
    this._checkForMissingMandatoryOptions();
    this._checkForConflictingOptions();
    let executableFile = subcommand._executableFile || `${this._name}-${subcommand._name}`;
    let executableDir = this._executableDir || "";
    if (this._scriptPath) {
      let resolvedScriptPath;
      try {
        resolvedScriptPath = fs.realpathSync(this._scriptPath);
      } catch {
        resolvedScriptPath = this._scriptPath;
      }
      executableDir = path.resolve(
        path.dirname(resolvedScriptPath),
        executableDir
      );
    }
    if (executableDir) {
      let localFile = findFile(executableDir, executableFile);
      if (!localFile && !subcommand._executableFile && this._scriptPath) {
        const legacyName = path.basename(
          this._scriptPath,
          path.extname(this._scriptPath)
        );
        if (legacyName !== this._name) {
          localFile = findFile(
            executableDir,
            `${legacyName}-${subcommand._name}`
          );
        }
      }
      executableFile = localFile || executableFile;
    }
    const launchWithNode = sourceExt.includes(path.extname(executableFile));
    let proc;
    if (process2.platform !== "win32") {
      if (launchWithNode) {
        args.unshift(executableFile);
        args = incrementNodeInspectorPort(process2.execArgv).concat(args);
        proc = childProcess.spawn(process2.argv[0], args, { stdio: "inherit" });
      } else {
        proc = childProcess.spawn(executableFile, args, { stdio: "inherit" });
      }
    } else {
      this._checkForMissingExecutable(
        executableFile,
        executableDir,
        subcommand._name
      );
      args.unshift(executableFile);
      args = incrementNodeInspectorPort(process2.execArgv).concat(args);
      proc = childProcess.spawn(process2.execPath, args, { stdio: "inherit" });
    }
    if (!proc.killed) {
      const signals = ["SIGUSR1", "SIGUSR2", "SIGTERM", "SIGINT", "SIGHUP"];
      signals.forEach((signal) => {
        process2.on(signal, () => {
          if (proc.killed === false && proc.exitCode === null) {
            proc.kill(signal);
          }
        });
      });
    }
    const exitCallback = this._exitCallback;
    proc.on("close", (code) => {
      code = code ?? 1;
      if (!exitCallback) {
        process2.exit(code);
      } else {
        exitCallback(
          new CommanderError(
            code,
            "commander.executeSubCommandAsync",
            "(close)"
          )
        );
      }
    });
    proc.on("error", (err) => {
      if (err.code === "ENOENT") {
        this._checkForMissingExecutable(
          executableFile,
          executableDir,
          subcommand._name
        );
      } else if (err.code === "EACCES") {
        throw new Error(`'${executableFile}' not executable`);
      }
      if (!exitCallback) {
        process2.exit(1);
      } else {
        const wrappedError = new CommanderError(
          1,
          "commander.executeSubCommandAsync",
          "(error)"
        );
        wrappedError.nestedError = err;
        exitCallback(wrappedError);
      }
    });
    this.runningCommand = proc;
  }
  /**
   * @private
   */
  _dispatchSubcommand(commandName, operands, unknown) {
    const subCommand = this._findCommand(commandName);
    if (!subCommand) this.help({ error: true });
    subCommand._prepareForParse();
    let promiseChain;
    promiseChain = this._chainOrCallSubCommandHook(
      promiseChain,
      subCommand,
      "preSubcommand"
    );
    promiseChain = this._chainOrCall(promiseChain, () => {
      if (subCommand._executableHandler) {
        this._executeSubCommand(subCommand, operands.concat(unknown));
      } else {
        return subCommand._parseCommand(operands, unknown);
      }
    });
    return promiseChain;
  }
  /**
   * Invoke help directly if possible, or dispatch if necessary.
   * e.g. help foo
   *
   * @private
   */
  _dispatchHelpCommand(subcommandName) {
    if (!subcommandName) {
      this.help();
    }
    const subCommand = this._findCommand(subcommandName);
    if (subCommand && !subCommand._executableHandler) {
      subCommand.help();
    }
    return this._dispatchSubcommand(
      subcommandName,
      [],
      [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? "--help"]
    );
  }
  /**
   * Check this.args against expected this.registeredArguments.
   *
   * @private
   */
  _checkNumberOfArguments() {
    this.registeredArguments.forEach((arg, i) => {
      if (arg.required && this.args[i] == null) {
        this.missingArgument(arg.name());
      }
    });
    if (this.registeredArguments.length > 0 && this.registeredArguments[this.registeredArguments.length - 1].variadic) {
      return;
    }
    if (this.args.length > this.registeredArguments.length) {
      this._excessArguments(this.args);
    }
  }
  /**
   * Process this.args using this.registeredArguments and save as this.processedArgs!
   *
   * @private
   */
  _processArguments() {
    const myParseArg = (argument, value, previous) => {
      let parsedValue = value;
      if (value !== null && argument.parseArg) {
        const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
        parsedValue = this._callParseArg(
          argument,
          value,
          previous,
          invalidValueMessage
        );
      }
      return parsedValue;
    };
    this._checkNumberOfArguments();
    const processedArgs = [];
    this.registeredArguments.forEach((declaredArg, index) => {
      let value = declaredArg.defaultValue;
      if (declaredArg.variadic) {
        if (index < this.args.length) {
          value = this.args.slice(index);
          if (declaredArg.parseArg) {
            value = value.reduce((processed, v) => {
              return myParseArg(declaredArg, v, processed);
            }, declaredArg.defaultValue);
          }
        } else if (value === void 0) {
          value = [];
        }
      } else if (index < this.args.length) {
        value = this.args[index];
        if (declaredArg.parseArg) {
          value = myParseArg(declaredArg, value, declaredArg.defaultValue);
        }
      }
      processedArgs[index] = value;
    });
    this.processedArgs = processedArgs;
  }
  /**
   * Once we have a promise we chain, but call synchronously until then.
   *
   * @param {(Promise|undefined)} promise
   * @param {Function} fn
   * @return {(Promise|undefined)}
   * @private
   */
  _chainOrCall(promise, fn) {
    if (promise?.then && typeof promise.then === "function") {
      return promise.then(() => fn());
    }
    return fn();
  }
  /**
   *
   * @param {(Promise|undefined)} promise
   * @param {string} event
   * @return {(Promise|undefined)}
   * @private
   */
  _chainOrCallHooks(promise, event) {
    let result = promise;
    const hooks = [];
    this._getCommandAndAncestors().reverse().filter((cmd) => cmd._lifeCycleHooks[event] !== void 0).forEach((hookedCommand) => {
      hookedCommand._lifeCycleHooks[event].forEach((callback) => {
        hooks.push({ hookedCommand, callback });
      });
    });
    if (event === "postAction") {
      hooks.reverse();
    }
    hooks.forEach((hookDetail) => {
      result = this._chainOrCall(result, () => {
        return hookDetail.callback(hookDetail.hookedCommand, this);
      });
    });
    return result;
  }
  /**
   *
   * @param {(Promise|undefined)} promise
   * @param {Command} subCommand
   * @param {string} event
   * @return {(Promise|undefined)}
   * @private
   */
  _chainOrCallSubCommandHook(promise, subCommand, event) {
    let result = promise;
    if (this._lifeCycleHooks[event] !== void 0) {
      this._lifeCycleHooks[event].forEach((hook) => {
        result = this._chainOrCall(result, () => {
          return hook(this, subCommand);
        });
      });
    }
    return result;
  }
  /**
   * Process arguments in context of this command.
   * Returns action result, in case it is a promise.
   *
   * @private
   */
  _parseCommand(operands, unknown) {
    const parsed = this.parseOptions(unknown);
    this._parseOptionsEnv();
    this._parseOptionsImplied();
    operands = operands.concat(parsed.operands);
    unknown = parsed.unknown;
    this.args = operands.concat(unknown);
    if (operands && this._findCommand(operands[0])) {
      return this._dispatchSubcommand(operands[0], operands.slice(1), unknown);
    }
    if (this._getHelpCommand() && operands[0] === this._getHelpCommand().name()) {
      return this._dispatchHelpCommand(operands[1]);
    }
    if (this._defaultCommandName) {
      this._outputHelpIfRequested(unknown);
      return this._dispatchSubcommand(
        this._defaultCommandName,
        operands,
        unknown
      );
    }
    if (this.commands.length && this.args.length === 0 && !this._actionHandler && !this._defaultCommandName) {
      this.help({ error: true });
    }
    this._outputHelpIfRequested(parsed.unknown);
    this._checkForMissingMandatoryOptions();
    this._checkForConflictingOptions();
    const checkForUnknownOptions = () => {
      if (parsed.unknown.length > 0) {
        this.unknownOption(parsed.unknown[0]);
      }
    };
    const commandEvent = `command:${this.name()}`;
    if (this._actionHandler) {
      checkForUnknownOptions();
      this._processArguments();
      let promiseChain;
      promiseChain = this._chainOrCallHooks(promiseChain, "preAction");
      promiseChain = this._chainOrCall(
        promiseChain,
        () => this._actionHandler(this.processedArgs)
      );
      if (this.parent) {
        promiseChain = this._chainOrCall(promiseChain, () => {
          this.parent.emit(commandEvent, operands, unknown);
        });
      }
      promiseChain = this._chainOrCallHooks(promiseChain, "postAction");
      return promiseChain;
    }
    if (this.parent?.listenerCount(commandEvent)) {
      checkForUnknownOptions();
      this._processArguments();
      this.parent.emit(commandEvent, operands, unknown);
    } else if (operands.length) {
      if (this._findCommand("*")) {
        return this._dispatchSubcommand("*", operands, unknown);
      }
      if (this.listenerCount("command:*")) {
        this.emit("command:*", operands, unknown);
      } else if (this.commands.length) {
        this.unknownCommand();
      } else {
        checkForUnknownOptions();
        this._processArguments();
      }
    } else if (this.commands.length) {
      checkForUnknownOptions();
      this.help({ error: true });
    } else {
      checkForUnknownOptions();
      this._processArguments();
    }
  }
  /**
   * Find matching command.
   *
   * @private
   * @return {Command | undefined}
   */
  _findCommand(name) {
    if (!name) return void 0;
    return this.commands.find(
      (cmd) => cmd._name === name || cmd._aliases.includes(name)
    );
  }
  /**
   * Return an option matching `arg` if any.
   *
   * @param {string} arg
   * @return {Option}
   * @package
   */
  _findOption(arg) {
    return this.options.find((option) => option.is(arg));
  }
  /**
   * Display an error message if a mandatory option does not have a value.
   * Called after checking for help flags in leaf subcommand.
   *
   * @private
   */
  _checkForMissingMandatoryOptions() {
    this._getCommandAndAncestors().forEach((cmd) => {
      cmd.options.forEach((anOption) => {
        if (anOption.mandatory && cmd.getOptionValue(anOption.attributeName()) === void 0) {
          cmd.missingMandatoryOptionValue(anOption);
        }
      });
    });
  }
  /**
   * Display an error message if conflicting options are used together in this.
   *
   * @private
   */
  _checkForConflictingLocalOptions() {
    const definedNonDefaultOptions = this.options.filter((option) => {
      const optionKey = option.attributeName();
      if (this.getOptionValue(optionKey) === void 0) {
        return false;
      }
      return this.getOptionValueSource(optionKey) !== "default";
    });
    const optionsWithConflicting = definedNonDefaultOptions.filter(
      (option) => option.conflictsWith.length > 0
    );
    optionsWithConflicting.forEach((option) => {
      const conflictingAndDefined = definedNonDefaultOptions.find(
        (defined) => option.conflictsWith.includes(defined.attributeName())
      );
      if (conflictingAndDefined) {
        this._conflictingOption(option, conflictingAndDefined);
      }
    });
  }
  /**
   * Display an error message if conflicting options are used together.
   * Called after checking for help flags in leaf subcommand.
   *
   * @private
   */
  _checkForConflictingOptions() {
    this._getCommandAndAncestors().forEach((cmd) => {
      cmd._checkForConflictingLocalOptions();
    });
  }
  /**
   * Parse options from `argv` removing known options,
   * and return argv split into operands and unknown arguments.
   *
   * Side effects: modifies command by storing options. Does not reset state if called again.
   *
   * Examples:
   *
   *     argv => operands, unknown
   *     --known kkk op => [op], []
   *     op --known kkk => [op], []
   *     sub --unknown uuu op => [sub], [--unknown uuu op]
   *     sub -- --unknown uuu op => [sub --unknown uuu op], []
   *
   * @param {string[]} args
   * @return {{operands: string[], unknown: string[]}}
   */
  parseOptions(args) {
    const operands = [];
    const unknown = [];
    let dest = operands;
    function maybeOption(arg) {
      return arg.length > 1 && arg[0] === "-";
    }
    const negativeNumberArg = (arg) => {
      if (!/^-(\d+|\d*\.\d+)([eE][+-]?\d+)?$/.test(arg)) return false;
      return !this._getCommandAndAncestors().some(
        (cmd) => cmd.options.map((opt) => opt.short).some((short) => /^-\d$/.test(short))
      );
    };
    let activeVariadicOption = null;
    let activeGroup = null;
    let i = 0;
    while (i < args.length || activeGroup) {
      const arg = activeGroup ?? args[i++];
      activeGroup = null;
      if (arg === "--") {
        if (dest === unknown) dest.push(arg);
        dest.push(...args.slice(i));
        break;
      }
      if (activeVariadicOption && (!maybeOption(arg) || negativeNumberArg(arg))) {
        this.emit(`option:${activeVariadicOption.name()}`, arg);
        continue;
      }
      activeVariadicOption = null;
      if (maybeOption(arg)) {
        const option = this._findOption(arg);
        if (option) {
          if (option.required) {
            const value = args[i++];
            if (value === void 0) this.optionMissingArgument(option);
            this.emit(`option:${option.name()}`, value);
          } else if (option.optional) {
            let value = null;
            if (i < args.length && (!maybeOption(args[i]) || negativeNumberArg(args[i]))) {
              value = args[i++];
            }
            this.emit(`option:${option.name()}`, value);
          } else {
            this.emit(`option:${option.name()}`);
          }
          activeVariadicOption = option.variadic ? option : null;
          continue;
        }
      }
      if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
        const option = this._findOption(`-${arg[1]}`);
        if (option) {
          if (option.required || option.optional && this._combineFlagAndOptionalValue) {
            this.emit(`option:${option.name()}`, arg.slice(2));
          } else {
            this.emit(`option:${option.name()}`);
            activeGroup = `-${arg.slice(2)}`;
          }
          continue;
        }
      }
      if (/^--[^=]+=/.test(arg)) {
        const index = arg.indexOf("=");
        const option = this._findOption(arg.slice(0, index));
        if (option && (option.required || option.optional)) {
          this.emit(`option:${option.name()}`, arg.slice(index + 1));
          continue;
        }
      }
      if (dest === operands && maybeOption(arg) && !(this.commands.length === 0 && negativeNumberArg(arg))) {
        dest = unknown;
      }
      if ((this._enablePositionalOptions || this._passThroughOptions) && operands.length === 0 && unknown.length === 0) {
        if (this._findCommand(arg)) {
          operands.push(arg);
          unknown.push(...args.slice(i));
          break;
        } else if (this._getHelpCommand() && arg === this._getHelpCommand().name()) {
          operands.push(arg, ...args.slice(i));
          break;
        } else if (this._defaultCommandName) {
          unknown.push(arg, ...args.slice(i));
          break;
        }
      }
      if (this._passThroughOptions) {
        dest.push(arg, ...args.slice(i));
        break;
      }
      dest.push(arg);
    }
    return { operands, unknown };
  }
  /**
   * Return an object containing local option values as key-value pairs.
   *
   * @return {object}
   */
  opts() {
    if (this._storeOptionsAsProperties) {
      const result = {};
      const len = this.options.length;
      for (let i = 0; i < len; i++) {
        const key = this.options[i].attributeName();
        result[key] = key === this._versionOptionName ? this._version : this[key];
      }
      return result;
    }
    return this._optionValues;
  }
  /**
   * Return an object containing merged local and global option values as key-value pairs.
   *
   * @return {object}
   */
  optsWithGlobals() {
    return this._getCommandAndAncestors().reduce(
      (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
      {}
    );
  }
  /**
   * Display error message and exit (or call exitOverride).
   *
   * @param {string} message
   * @param {object} [errorOptions]
   * @param {string} [errorOptions.code] - an id string representing the error
   * @param {number} [errorOptions.exitCode] - used with process.exit
   */
  error(message, errorOptions) {
    this._outputConfiguration.outputError(
      `${message}
`,
      this._outputConfiguration.writeErr
    );
    if (typeof this._showHelpAfterError === "string") {
      this._outputConfiguration.writeErr(`${this._showHelpAfterError}
`);
    } else if (this._showHelpAfterError) {
      this._outputConfiguration.writeErr("\n");
      this.outputHelp({ error: true });
    }
    const config = errorOptions || {};
    const exitCode = config.exitCode || 1;
    const code = config.code || "commander.error";
    this._exit(exitCode, code, message);
  }
  /**
   * Apply any option related environment variables, if option does
   * not have a value from cli or client code.
   *
   * @private
   */
  _parseOptionsEnv() {
    this.options.forEach((option) => {
      if (option.envVar && option.envVar in process2.env) {
        const optionKey = option.attributeName();
        if (this.getOptionValue(optionKey) === void 0 || ["default", "config", "env"].includes(
          this.getOptionValueSource(optionKey)
        )) {
          if (option.required || option.optional) {
            this.emit(`optionEnv:${option.name()}`, process2.env[option.envVar]);
          } else {
            this.emit(`optionEnv:${option.name()}`);
          }
        }
      }
    });
  }
  /**
   * Apply any implied option values, if option is undefined or default value.
   *
   * @private
   */
  _parseOptionsImplied() {
    const dualHelper = new DualOptions(this.options);
    const hasCustomOptionValue = (optionKey) => {
      return this.getOptionValue(optionKey) !== void 0 && !["default", "implied"].includes(this.getOptionValueSource(optionKey));
    };
    this.options.filter(
      (option) => option.implied !== void 0 && hasCustomOptionValue(option.attributeName()) && dualHelper.valueFromOption(
        this.getOptionValue(option.attributeName()),
        option
      )
    ).forEach((option) => {
      Object.keys(option.implied).filter((impliedKey) => !hasCustomOptionValue(impliedKey)).forEach((impliedKey) => {
        this.setOptionValueWithSource(
          impliedKey,
          option.implied[impliedKey],
          "implied"
        );
      });
    });
  }
  /**
   * Argument `name` is missing.
   *
   * @param {string} name
   * @private
   */
  missingArgument(name) {
    const message = `error: missing required argument '${name}'`;
    this.error(message, { code: "commander.missingArgument" });
  }
  /**
   * `Option` is missing an argument.
   *
   * @param {Option} option
   * @private
   */
  optionMissingArgument(option) {
    const message = `error: option '${option.flags}' argument missing`;
    this.error(message, { code: "commander.optionMissingArgument" });
  }
  /**
   * `Option` does not have a value, and is a mandatory option.
   *
   * @param {Option} option
   * @private
   */
  missingMandatoryOptionValue(option) {
    const message = `error: required option '${option.flags}' not specified`;
    this.error(message, { code: "commander.missingMandatoryOptionValue" });
  }
  /**
   * `Option` conflicts with another option.
   *
   * @param {Option} option
   * @param {Option} conflictingOption
   * @private
   */
  _conflictingOption(option, conflictingOption) {
    const findBestOptionFromValue = (option2) => {
      const optionKey = option2.attributeName();
      const optionValue = this.getOptionValue(optionKey);
      const negativeOption = this.options.find(
        (target) => target.negate && optionKey === target.attributeName()
      );
      const positiveOption = this.options.find(
        (target) => !target.negate && optionKey === target.attributeName()
      );
      if (negativeOption && (negativeOption.presetArg === void 0 && optionValue === false || negativeOption.presetArg !== void 0 && optionValue === negativeOption.presetArg)) {
        return negativeOption;
      }
      return positiveOption || option2;
    };
    const getErrorMessage = (option2) => {
      const bestOption = findBestOptionFromValue(option2);
      const optionKey = bestOption.attributeName();
      const source = this.getOptionValueSource(optionKey);
      if (source === "env") {
        return `environment variable '${bestOption.envVar}'`;
      }
      return `option '${bestOption.flags}'`;
    };
    const message = `error: ${getErrorMessage(option)} cannot be used with ${getErrorMessage(conflictingOption)}`;
    this.error(message, { code: "commander.conflictingOption" });
  }
  /**
   * Unknown option `flag`.
   *
   * @param {string} flag
   * @private
   */
  unknownOption(flag) {
    if (this._allowUnknownOption) return;
    let suggestion = "";
    if (flag.startsWith("--") && this._showSuggestionAfterError) {
      let candidateFlags = [];
      let command = this;
      do {
        const moreFlags = command.createHelp().visibleOptions(command).filter((option) => option.long).map((option) => option.long);
        candidateFlags = candidateFlags.concat(moreFlags);
        command = command.parent;
      } while (command && !command._enablePositionalOptions);
      suggestion = suggestSimilar(flag, candidateFlags);
    }
    const message = `error: unknown option '${flag}'${suggestion}`;
    this.error(message, { code: "commander.unknownOption" });
  }
  /**
   * Excess arguments, more than expected.
   *
   * @param {string[]} receivedArgs
   * @private
   */
  _excessArguments(receivedArgs) {
    if (this._allowExcessArguments) return;
    const expected = this.registeredArguments.length;
    const s = expected === 1 ? "" : "s";
    const received = receivedArgs.length;
    const forSubcommand = this.parent ? ` for '${this.name()}'` : "";
    const details = receivedArgs.join(", ");
    const message = `error: too many arguments${forSubcommand}. Expected ${expected} argument${s} but got ${received}: ${details}.`;
    this.error(message, { code: "commander.excessArguments" });
  }
  /**
   * Unknown command.
   *
   * @private
   */
  unknownCommand() {
    const unknownName = this.args[0];
    let suggestion = "";
    if (this._showSuggestionAfterError) {
      const candidateNames = [];
      this.createHelp().visibleCommands(this).forEach((command) => {
        candidateNames.push(command.name());
        if (command.alias()) candidateNames.push(command.alias());
      });
      suggestion = suggestSimilar(unknownName, candidateNames);
    }
    const message = `error: unknown command '${unknownName}'${suggestion}`;
    this.error(message, { code: "commander.unknownCommand" });
  }
  /**
   * Get or set the program version.
   *
   * This method auto-registers the "-V, --version" option which will print the version number.
   *
   * You can optionally supply the flags and description to override the defaults.
   *
   * @param {string} [str]
   * @param {string} [flags]
   * @param {string} [description]
   * @return {(this | string | undefined)} `this` command for chaining, or version string if no arguments
   */
  version(str, flags, description) {
    if (str === void 0) return this._version;
    this._version = str;
    flags = flags || "-V, --version";
    description = description || "output the version number";
    const versionOption = this.createOption(flags, description);
    this._versionOptionName = versionOption.attributeName();
    this._registerOption(versionOption);
    this.on("option:" + versionOption.name(), () => {
      this._outputConfiguration.writeOut(`${str}
`);
      this._exit(0, "commander.version", str);
    });
    return this;
  }
  /**
   * Set the description.
   *
   * @param {string} [str]
   * @param {object} [argsDescription]
   * @return {(string|Command)}
   */
  description(str, argsDescription) {
    if (str === void 0 && argsDescription === void 0)
      return this._description;
    this._description = str;
    if (argsDescription) {
      this._argsDescription = argsDescription;
    }
    return this;
  }
  /**
   * Set the summary. Used when listed as subcommand of parent.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */
  summary(str) {
    if (str === void 0) return this._summary;
    this._summary = str;
    return this;
  }
  /**
   * Set an alias for the command.
   *
   * You may call more than once to add multiple aliases. Only the first alias is shown in the auto-generated help.
   *
   * @param {string} [alias]
   * @return {(string|Command)}
   */
  alias(alias) {
    if (alias === void 0) return this._aliases[0];
    let command = this;
    if (this.commands.length !== 0 && this.commands[this.commands.length - 1]._executableHandler) {
      command = this.commands[this.commands.length - 1];
    }
    if (alias === command._name)
      throw new Error("Command alias can't be the same as its name");
    const matchingCommand = this.parent?._findCommand(alias);
    if (matchingCommand) {
      const existingCmd = [matchingCommand.name()].concat(matchingCommand.aliases()).join("|");
      throw new Error(
        `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`
      );
    }
    command._aliases.push(alias);
    return this;
  }
  /**
   * Set aliases for the command.
   *
   * Only the first alias is shown in the auto-generated help.
   *
   * @param {string[]} [aliases]
   * @return {(string[]|Command)}
   */
  aliases(aliases) {
    if (aliases === void 0) return this._aliases;
    aliases.forEach((alias) => this.alias(alias));
    return this;
  }
  /**
   * Set / get the command usage `str`.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */
  usage(str) {
    if (str === void 0) {
      if (this._usage) return this._usage;
      const args = this.registeredArguments.map((arg) => {
        return humanReadableArgName(arg);
      });
      return [].concat(
        this.options.length || this._helpOption !== null ? "[options]" : [],
        this.commands.length ? "[command]" : [],
        this.registeredArguments.length ? args : []
      ).join(" ");
    }
    this._usage = str;
    return this;
  }
  /**
   * Get or set the name of the command.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */
  name(str) {
    if (str === void 0) return this._name;
    this._name = str;
    return this;
  }
  /**
   * Set/get the help group heading for this subcommand in parent command's help.
   *
   * @param {string} [heading]
   * @return {Command | string}
   */
  helpGroup(heading) {
    if (heading === void 0) return this._helpGroupHeading ?? "";
    this._helpGroupHeading = heading;
    return this;
  }
  /**
   * Set/get the default help group heading for subcommands added to this command.
   * (This does not override a group set directly on the subcommand using .helpGroup().)
   *
   * @example
   * program.commandsGroup('Development Commands:');
   * program.command('watch')...
   * program.command('lint')...
   * ...
   *
   * @param {string} [heading]
   * @returns {Command | string}
   */
  commandsGroup(heading) {
    if (heading === void 0) return this._defaultCommandGroup ?? "";
    this._defaultCommandGroup = heading;
    return this;
  }
  /**
   * Set/get the default help group heading for options added to this command.
   * (This does not override a group set directly on the option using .helpGroup().)
   *
   * @example
   * program
   *   .optionsGroup('Development Options:')
   *   .option('-d, --debug', 'output extra debugging')
   *   .option('-p, --profile', 'output profiling information')
   *
   * @param {string} [heading]
   * @returns {Command | string}
   */
  optionsGroup(heading) {
    if (heading === void 0) return this._defaultOptionGroup ?? "";
    this._defaultOptionGroup = heading;
    return this;
  }
  /**
   * @param {Option} option
   * @private
   */
  _initOptionGroup(option) {
    if (this._defaultOptionGroup && !option.helpGroupHeading)
      option.helpGroup(this._defaultOptionGroup);
  }
  /**
   * @param {Command} cmd
   * @private
   */
  _initCommandGroup(cmd) {
    if (this._defaultCommandGroup && !cmd.helpGroup())
      cmd.helpGroup(this._defaultCommandGroup);
  }
  /**
   * Set the name of the command from script filename, such as process.argv[1],
   * or import.meta.filename.
   *
   * (Used internally and public although not documented in README.)
   *
   * @example
   * program.nameFromFilename(import.meta.filename);
   *
   * @param {string} filename
   * @return {Command}
   */
  nameFromFilename(filename) {
    this._name = path.basename(filename, path.extname(filename));
    return this;
  }
  /**
   * Get or set the directory for searching for executable subcommands of this command.
   *
   * @example
   * program.executableDir(import.meta.dirname);
   * // or
   * program.executableDir('subcommands');
   *
   * @param {string} [path]
   * @return {(string|null|Command)}
   */
  executableDir(path2) {
    if (path2 === void 0) return this._executableDir;
    this._executableDir = path2;
    return this;
  }
  /**
   * Return program help documentation.
   *
   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to wrap for stderr instead of stdout
   * @return {string}
   */
  helpInformation(contextOptions) {
    const helper = this.createHelp();
    const context = this._getOutputContext(contextOptions);
    helper.prepareContext({
      error: context.error,
      helpWidth: context.helpWidth,
      outputHasColors: context.hasColors
    });
    const text = helper.formatHelp(this, helper);
    if (context.hasColors) return text;
    return this._outputConfiguration.stripColor(text);
  }
  /**
   * @typedef HelpContext
   * @type {object}
   * @property {boolean} error
   * @property {number} helpWidth
   * @property {boolean} hasColors
   * @property {function} write - includes stripColor if needed
   *
   * @returns {HelpContext}
   * @private
   */
  _getOutputContext(contextOptions) {
    contextOptions = contextOptions || {};
    const error = !!contextOptions.error;
    let baseWrite;
    let hasColors;
    let helpWidth;
    if (error) {
      baseWrite = (str) => this._outputConfiguration.writeErr(str);
      hasColors = this._outputConfiguration.getErrHasColors();
      helpWidth = this._outputConfiguration.getErrHelpWidth();
    } else {
      baseWrite = (str) => this._outputConfiguration.writeOut(str);
      hasColors = this._outputConfiguration.getOutHasColors();
      helpWidth = this._outputConfiguration.getOutHelpWidth();
    }
    const write = (str) => {
      if (!hasColors) str = this._outputConfiguration.stripColor(str);
      return baseWrite(str);
    };
    return { error, write, hasColors, helpWidth };
  }
  /**
   * Output help information for this command.
   *
   * Outputs built-in help, and custom text added using `.addHelpText()`.
   *
   * @param {{ error: boolean } | Function} [contextOptions] - pass {error:true} to write to stderr instead of stdout
   */
  outputHelp(contextOptions) {
    let deprecatedCallback;
    if (typeof contextOptions === "function") {
      deprecatedCallback = contextOptions;
      contextOptions = void 0;
    }
    const outputContext = this._getOutputContext(contextOptions);
    const eventContext = {
      error: outputContext.error,
      write: outputContext.write,
      command: this
    };
    this._getCommandAndAncestors().reverse().forEach((command) => command.emit("beforeAllHelp", eventContext));
    this.emit("beforeHelp", eventContext);
    let helpInformation = this.helpInformation({ error: outputContext.error });
    if (deprecatedCallback) {
      helpInformation = deprecatedCallback(helpInformation);
      if (typeof helpInformation !== "string" && !Buffer.isBuffer(helpInformation)) {
        throw new Error("outputHelp callback must return a string or a Buffer");
      }
    }
    outputContext.write(helpInformation);
    if (this._getHelpOption()?.long) {
      this.emit(this._getHelpOption().long);
    }
    this.emit("afterHelp", eventContext);
    this._getCommandAndAncestors().forEach(
      (command) => command.emit("afterAllHelp", eventContext)
    );
  }
  /**
   * You can pass in flags and a description to customise the built-in help option.
   * Pass in false to disable the built-in help option.
   *
   * @example
   * program.helpOption('-?, --help', 'show help'); // customise
   * program.helpOption(false); // disable
   *
   * @param {(string | boolean)} flags
   * @param {string} [description]
   * @return {Command} `this` command for chaining
   */
  helpOption(flags, description) {
    if (typeof flags === "boolean") {
      if (flags) {
        if (this._helpOption === null) this._helpOption = void 0;
        if (this._defaultOptionGroup) {
          this._initOptionGroup(this._getHelpOption());
        }
      } else {
        this._helpOption = null;
      }
      return this;
    }
    this._helpOption = this.createOption(
      flags ?? "-h, --help",
      description ?? "display help for command"
    );
    if (flags || description) this._initOptionGroup(this._helpOption);
    return this;
  }
  /**
   * Lazy create help option.
   * Returns null if has been disabled with .helpOption(false).
   *
   * @returns {(Option | null)} the help option
   * @package
   */
  _getHelpOption() {
    if (this._helpOption === void 0) {
      this.helpOption(void 0, void 0);
    }
    return this._helpOption;
  }
  /**
   * Supply your own option to use for the built-in help option.
   * This is an alternative to using helpOption() to customise the flags and description etc.
   *
   * @param {Option} option
   * @return {Command} `this` command for chaining
   */
  addHelpOption(option) {
    this._helpOption = option;
    this._initOptionGroup(option);
    return this;
  }
  /**
   * Output help information and exit.
   *
   * Outputs built-in help, and custom text added using `.addHelpText()`.
   *
   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to write to stderr instead of stdout
   */
  help(contextOptions) {
    this.outputHelp(contextOptions);
    let exitCode = Number(process2.exitCode ?? 0);
    if (exitCode === 0 && contextOptions && typeof contextOptions !== "function" && contextOptions.error) {
      exitCode = 1;
    }
    this._exit(exitCode, "commander.help", "(outputHelp)");
  }
  /**
   * // Do a little typing to coordinate emit and listener for the help text events.
   * @typedef HelpTextEventContext
   * @type {object}
   * @property {boolean} error
   * @property {Command} command
   * @property {function} write
   */
  /**
   * Add additional text to be displayed with the built-in help.
   *
   * Position is 'before' or 'after' to affect just this command,
   * and 'beforeAll' or 'afterAll' to affect this command and all its subcommands.
   *
   * @param {string} position - before or after built-in help
   * @param {(string | Function)} text - string to add, or a function returning a string
   * @return {Command} `this` command for chaining
   */
  addHelpText(position, text) {
    const allowedValues = ["beforeAll", "before", "after", "afterAll"];
    if (!allowedValues.includes(position)) {
      throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
    }
    const helpEvent = `${position}Help`;
    this.on(helpEvent, (context) => {
      let helpStr;
      if (typeof text === "function") {
        helpStr = text({ error: context.error, command: context.command });
      } else {
        helpStr = text;
      }
      if (helpStr) {
        context.write(`${helpStr}
`);
      }
    });
    return this;
  }
  /**
   * Output help information if help flags specified
   *
   * @param {Array} args - array of options to search for help flags
   * @private
   */
  _outputHelpIfRequested(args) {
    const helpOption = this._getHelpOption();
    const helpRequested = helpOption && args.find((arg) => helpOption.is(arg));
    if (helpRequested) {
      this.outputHelp();
      this._exit(0, "commander.helpDisplayed", "(outputHelp)");
    }
  }
};
function incrementNodeInspectorPort(args) {
  return args.map((arg) => {
    if (!arg.startsWith("--inspect")) {
      return arg;
    }
    let debugOption;
    let debugHost = "127.0.0.1";
    let debugPort = "9229";
    let match;
    if ((match = arg.match(/^(--inspect(-brk|-wait)?)$/)) !== null) {
      debugOption = match[1];
    } else if ((match = arg.match(
      /^(--inspect(-brk|-port|-wait)?)=(\[[^\]]+\]|[^:]+)$/
    )) !== null) {
      debugOption = match[1];
      if (/^\d+$/.test(match[3])) {
        debugPort = match[3];
      } else {
        debugHost = match[3];
      }
    } else if ((match = arg.match(
      /^(--inspect(-brk|-port|-wait)?)=(\[[^\]]+\]|[^:]+):(\d+)$/
    )) !== null) {
      debugOption = match[1];
      debugHost = match[3];
      debugPort = match[4];
    }
    if (debugOption && debugPort !== "0") {
      return `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}`;
    }
    return arg;
  });
}
function useColor() {
  if (process2.env.NO_COLOR || process2.env.FORCE_COLOR === "0" || process2.env.FORCE_COLOR === "false")
    return false;
  if (process2.env.FORCE_COLOR || process2.env.CLICOLOR_FORCE !== void 0)
    return true;
  return void 0;
}

// node_modules/commander/index.js
var program = new Command();

// src/cli/closed-output.ts
import { writeSync } from "node:fs";

// src/cli/exit-codes.ts
var EXIT = {
  ok: 0,
  /** The operation failed: the cluster or the network said no. */
  failed: 1,
  /** The command line or its input was wrong; nothing was done. */
  usage: 2,
  /** Some items succeeded and some failed (e.g. a save with per-row errors). */
  partial: 3,
  /**
   * Standard output (or error) was closed by its reader (`quarry browse … | head -1`): the command
   * ended quietly, with the status a shell reports for a process ended by SIGPIPE (128 + 13), as
   * `git log | head` does.
   */
  closedOutput: 141
};

// src/cli/closed-output.ts
var exitNow = (status) => process.exit(status);
var closer = exitNow;
var closing = false;
function onClosedOutput(close) {
  closer = close;
  return () => {
    if (closer === close) closer = exitNow;
  };
}
var stderrBroken = false;
function closedBy(stream, e) {
  const gone = e.code === "EPIPE" || e.code === "ERR_STREAM_DESTROYED";
  if (stream === "stderr" && (stderrBroken || !gone)) {
    stderrBroken = true;
    return;
  }
  if (closing) return;
  closing = true;
  if (gone) {
    closer(EXIT.closedOutput);
    return;
  }
  try {
    writeSync(2, `error: cannot write to standard output (${e.code ?? e.message})
`);
  } catch {
  }
  closer(EXIT.failed);
}
var installed = false;
function handleClosedOutput() {
  if (installed) return;
  installed = true;
  process.stdout.on("error", (e) => closedBy("stdout", e));
  process.stderr.on("error", (e) => closedBy("stderr", e));
}

// src/app/process/daemon.ts
import { spawn } from "node:child_process";
import { closeSync, openSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
var LOG_DIR = "logs";
var LOG_FILE = "app.log";
var LOG_MAX_BYTES = 5 * 1024 * 1024;
var READY_TIMEOUT_MS = 3e4;
var CHILD_COMMAND = "run-app";
async function logFile(dataDir) {
  const dir = await ensurePrivateDir(join(dataDir, LOG_DIR));
  const path2 = join(dir, LOG_FILE);
  try {
    if (statSync(path2).size > LOG_MAX_BYTES) renameSync(path2, `${path2}.1`);
  } catch {
  }
  return path2;
}
async function spawnBackgroundApp(options) {
  const logPath = await logFile(options.dataDir);
  const fd = openSync(logPath, "a", 384);
  const args = [join(PACKAGE_ROOT, "src", "cli", "main.ts"), CHILD_COMMAND];
  if (options.startMcp) args.push("--start-mcp");
  if (options.port) args.push("--port", String(options.port));
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ["ignore", fd, fd, "ipc"],
    env: options.env ?? process.env,
    cwd: options.dataDir
  });
  closeSync(fd);
  try {
    const report = await new Promise((resolve2, reject) => {
      const timer = setTimeout(
        () => reject(
          errors.appNotResponding(
            child.pid,
            `it did not start within ${READY_TIMEOUT_MS / 1e3} s (log: ${logPath})`
          )
        ),
        READY_TIMEOUT_MS
      );
      child.once("message", (m) => {
        clearTimeout(timer);
        resolve2(m);
      });
      child.once("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(
          errors.appNotResponding(
            child.pid,
            `it ended while starting (${signal ?? `exit status ${code}`}); see ${logPath}`
          )
        );
      });
    });
    return { ...report, logPath };
  } finally {
    child.removeAllListeners();
    if (child.connected) child.disconnect();
    child.unref();
  }
}

// src/cli/commands/app/shared.ts
function parsePort2(value) {
  if (value === void 0) return void 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new QuarryError(
      "invalid_input",
      `--port: "${value}" is not a port number`,
      "Give a number from 1 to 65535, or leave --port out to let the system choose a free port."
    );
  }
  return port;
}
function failedStart(error) {
  return new QuarryError(error.code, error.message, error.remedy);
}

// src/cli/commands/app/child.ts
function registerChild(program3) {
  program3.command(CHILD_COMMAND, { hidden: true }).option("--start-mcp").option("--port <port>").action(async (flags) => {
    const send = (r) => process.send?.(r);
    let app;
    try {
      const port = parsePort2(flags.port);
      const { startApp } = await import("./app-SWGFQCZG.js");
      const result = await startApp({
        background: true,
        handleSignals: true,
        ...flags.startMcp ? { startMcp: true } : {},
        ...port ? { port } : {}
      });
      if (result.kind === "already-running")
        send({ type: "already-running", pid: result.status.pid });
      else {
        app = result.app;
        send({ type: "started", pid: app.info.pid, port: app.info.port });
      }
    } catch (e) {
      const error = isQuarryError(e) ? e.toJSON() : { code: "internal", message: String(e?.stack ?? e), remedy: "" };
      process.stderr.write(`${(/* @__PURE__ */ new Date()).toISOString()} failed to start: ${error.message}
`);
      send({ type: "failed", error });
      process.exit(EXIT.failed);
    }
    if (process.connected) process.disconnect();
    if (app) await app.stopped;
    process.exit(EXIT.ok);
  });
}

// src/app/process/desktop.ts
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join as join2 } from "node:path";
var MENU_ENTRY = "quarry.desktop";
var URL_HANDLER_ENTRY = "quarry-url-handler.desktop";
var SCHEME_MIME = "x-scheme-handler/quarry";
function quarryExecutable() {
  return realpathSync(join2(PACKAGE_ROOT, "bin", "quarry"));
}
function execArg(arg) {
  const literal2 = arg.replace(/%/g, "%%");
  const quoted = /[\s"'\\><~|&;$*?#()`]/.test(literal2) ? `"${literal2.replace(/(["`$\\])/g, "\\$1")}"` : literal2;
  return quoted.replace(/\\/g, "\\\\");
}
function desktopEntries(quarry) {
  const exec = execArg(quarry);
  return {
    [MENU_ENTRY]: [
      "[Desktop Entry]",
      "Type=Application",
      "Name=Quarry",
      "GenericName=Elasticsearch client",
      "Comment=Browse, edit and query Elasticsearch; a safe local MCP server for AI agents",
      `Exec=${exec} start`,
      "Terminal=false",
      "Categories=Development;Database;",
      "StartupNotify=false",
      ""
    ].join("\n"),
    [URL_HANDLER_ENTRY]: [
      "[Desktop Entry]",
      "Type=Application",
      "Name=Quarry (quarry:// links)",
      "Comment=Opens quarry:// links, e.g. the MCP bridge's start request",
      `Exec=${exec} open-url %u`,
      "Terminal=false",
      "NoDisplay=true",
      `MimeType=${SCHEME_MIME};`,
      ""
    ].join("\n")
  };
}
function dataHome(env) {
  const x = env.XDG_DATA_HOME?.trim();
  return x && isAbsolute(x) ? x : join2(env.HOME?.trim() || homedir(), ".local", "share");
}
function configHome(env) {
  const x = env.XDG_CONFIG_HOME?.trim();
  return x && isAbsolute(x) ? x : join2(env.HOME?.trim() || homedir(), ".config");
}
function applicationsDir(env = process.env) {
  return join2(dataHome(env), "applications");
}
function withSchemeDefault(list, entry) {
  const lines = (list.trim() === "" ? [] : list.split("\n")).filter(
    (l) => !l.startsWith(`${SCHEME_MIME}=`)
  );
  if (entry === null) return lines.join("\n");
  let at = lines.findIndex((l) => l.trim() === "[Default Applications]");
  if (at < 0) {
    if (lines.length && lines[lines.length - 1] !== "") lines.push("");
    lines.push("[Default Applications]");
    at = lines.length - 1;
  }
  lines.splice(at + 1, 0, `${SCHEME_MIME}=${entry}`);
  const text = lines.join("\n");
  return text.endsWith("\n") ? text : `${text}
`;
}
function xdgMime(args, env) {
  const res = spawnSync("xdg-mime", args, { env, stdio: "ignore", timeout: 2e4 });
  return res.status === 0;
}
async function setDefaultByFile(env, entry) {
  const dir = configHome(env);
  const path2 = join2(dir, "mimeapps.list");
  const current = await readFile(path2, "utf8").catch(() => void 0);
  if (current === void 0 && entry === null) return;
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(path2, withSchemeDefault(current ?? "", entry), { mode: 420 });
}
function refreshDatabase(dir, env) {
  spawnSync("update-desktop-database", [dir], { env, stdio: "ignore", timeout: 2e4 });
}
function requireLinuxLike() {
  if (process.platform === "darwin" || process.platform === "win32") {
    throw new QuarryError(
      "invalid_input",
      `quarry install-desktop registers the quarry:// scheme on Linux; this is ${process.platform}`,
      process.platform === "darwin" ? "On macOS the app bundle's Info.plist declares the scheme (CFBundleURLTypes with CFBundleURLSchemes = quarry); see docs/cli.md." : "On Windows the installer registers the scheme."
    );
  }
}
async function installDesktop(env = process.env) {
  requireLinuxLike();
  const quarry = quarryExecutable();
  const dir = applicationsDir(env);
  await mkdir(dir, { recursive: true });
  const files = [];
  for (const [name, text] of Object.entries(desktopEntries(quarry))) {
    const path2 = join2(dir, name);
    await writeFileAtomic(path2, text, { mode: 420 });
    files.push(path2);
  }
  refreshDatabase(dir, env);
  let registeredWith = "xdg-mime";
  if (!xdgMime(["default", URL_HANDLER_ENTRY, SCHEME_MIME], env)) {
    await setDefaultByFile(env, URL_HANDLER_ENTRY);
    registeredWith = "mimeapps.list";
  }
  return { files, registeredWith, exec: quarry };
}
async function removeDesktop(env = process.env) {
  requireLinuxLike();
  const dir = applicationsDir(env);
  const files = [MENU_ENTRY, URL_HANDLER_ENTRY].map((n3) => join2(dir, n3));
  for (const f of files) await rm(f, { force: true });
  await setDefaultByFile(env, null);
  refreshDatabase(dir, env);
  return { files, registeredWith: "mimeapps.list", exec: quarryExecutable() };
}

// src/cli/connection-options.ts
import { existsSync } from "node:fs";

// src/cli/prepare.ts
var preparers = /* @__PURE__ */ new WeakMap();
function prepareBeforeParse(cmd, prepare) {
  preparers.set(cmd, prepare);
  return cmd;
}
function installPreparers(program3) {
  const visit = (parent) => {
    if (parent.commands.length === 0) return;
    parent.hook("preSubcommand", async (self, sub) => {
      await preparers.get(sub)?.(self.args.slice(1));
    });
    for (const c of parent.commands) visit(c);
  };
  visit(program3);
}
function rawOption(args, name) {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === `--${name}`) return args[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return void 0;
}
function wantsHelp(args) {
  return args.includes("--help") || args.includes("-h");
}

// src/cli/settings-flags.ts
import { accessSync, constants } from "node:fs";
import { resolve } from "node:path";
function attributeOf(flag) {
  return flag.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
}
function flagOf(field2, mode) {
  if (mode !== "url") return field2.cli.flag;
  return field2.cli.urlFlag === null ? void 0 : field2.cli.urlFlag ?? field2.cli.flag;
}
function choiceList(field2) {
  return (field2.choices ?? []).map((c) => c.value).join(" | ");
}
function helpOf(field2, mode) {
  const parts = [
    field2.kind === "choice" ? `${choiceList(field2)}: ${field2.cli.help}` : field2.cli.help
  ];
  if (mode === "edit" && field2.kind !== "secret") parts.push("(unchanged when absent)");
  else if (mode === "add" && field2.default !== void 0 && field2.kind !== "boolean" && !field2.impliedBy)
    parts.push(`(default ${String(field2.default)})`);
  return parts.join(" ");
}
function addSettingsFlags(cmd, form, mode) {
  const has = (flag) => cmd.options.some((o) => o.long === `--${flag}`);
  for (const field2 of form.fields) {
    const flag = flagOf(field2, mode);
    if (!flag || has(flag)) continue;
    const takesValue = field2.kind !== "secret" && field2.kind !== "boolean";
    cmd.addOption(
      new Option(
        `--${flag}${takesValue ? ` ${field2.cli.valueName ?? "<value>"}` : ""}`,
        helpOf(field2, mode)
      )
    );
    if (mode === "url") continue;
    if (field2.kind === "boolean")
      cmd.addOption(new Option(`--no-${flag}`, `turn ${field2.label} off`));
    if (field2.kind === "file") cmd.addOption(new Option(`--no-${flag}`, `clear ${field2.label}`));
  }
}
function givenFields(form, opts, mode) {
  return form.fields.flatMap((field2) => {
    const flag = flagOf(field2, mode);
    const value = flag ? opts[attributeOf(flag)] : void 0;
    return flag && value !== void 0 ? [{ field: field2, flag, value }] : [];
  });
}
function settingsFromFlags(form, opts, mode) {
  const settings = {};
  for (const { field: field2, value } of givenFields(form, opts, mode)) {
    if (field2.kind === "secret") continue;
    if (field2.kind === "file")
      settings[field2.key] = value === false ? null : readablePath(String(value), field2);
    else settings[field2.key] = value;
  }
  return settings;
}
function secretFlags(form, opts, mode) {
  return givenFields(form, opts, mode).filter(({ field: field2, value }) => field2.kind === "secret" && value === true).map(({ field: field2, flag }) => ({
    name: field2.key,
    label: field2.label,
    flag
  }));
}
async function readSecrets(form, opts, mode) {
  const wanted = secretFlags(form, opts, mode);
  if (wanted.length > 1) {
    throw new QuarryError(
      "invalid_input",
      `${wanted.map((w) => `--${w.flag}`).join(" and ")} were both given`,
      "Standard input carries one secret: pass the one the connection's settings use."
    );
  }
  const [one] = wanted;
  if (!one) return {};
  if (process.stdin.isTTY) process.stderr.write(`${one.label} (then Ctrl-D): `);
  return { [one.name]: await readStdin() };
}
function refuseForeignFlags(form, all, opts, mode, type) {
  const own = new Set(form.fields.map((f) => flagOf(f, mode)));
  const foreign = all.flatMap((f) => f.fields.map((field2) => flagOf(field2, mode))).filter(
    (flag) => !!flag && !own.has(flag) && opts[attributeOf(flag)] !== void 0
  );
  if (foreign.length > 0) {
    throw new QuarryError(
      "invalid_input",
      `${[...new Set(foreign)].map((f) => `--${f}`).join(", ")} ${foreign.length > 1 ? "do" : "does"} not apply to a ${type} connection`,
      "Drop it; quarry connections add --type <type> --help lists each database's flags."
    );
  }
}
function flagHint(form, label) {
  const field2 = form.fields.find((f) => f.label === label);
  if (!field2) return void 0;
  const flag = `--${field2.cli.flag}`;
  if (field2.kind === "boolean") return `${flag} / --no-${field2.cli.flag}`;
  if (field2.kind === "file")
    return `${flag} ${field2.cli.valueName ?? "<path>"} / --no-${field2.cli.flag}`;
  return flag;
}
async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}
function readablePath(input, field2) {
  const path2 = resolve(input);
  try {
    accessSync(path2, constants.R_OK);
  } catch {
    throw new QuarryError(
      "invalid_input",
      `The ${field2.label} ${path2} cannot be read`,
      `Pass the path of a file you can read (${field2.label}: ${field2.hint ?? field2.cli.help}).`
    );
  }
  return path2;
}

// src/cli/connection-options.ts
var DEFAULT_DATABASE_TYPE = "elasticsearch";
function isUrl(conn) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(conn);
}
async function loadedDrivers() {
  const dir = appDataDir();
  if (existsSync(dir)) await loadInstalledDrivers(dir);
  return installedTypes().flatMap((t) => installedDriver(t) ?? []);
}
async function driverForScheme(scheme, drivers) {
  const reader = drivers.find((d) => d.settingsForm().url?.schemes.includes(scheme));
  return reader ?? requireInstalledDriver(DEFAULT_DATABASE_TYPE, await ensureAppDataDir());
}
function addConnectionFlags(cmd) {
  return prepareBeforeParse(cmd, async (args) => {
    const drivers = await loadedDrivers();
    const url = wantsHelp(args) ? void 0 : args.find(isUrl);
    if (url && URL.canParse(url)) {
      const d = await driverForScheme(new URL(url).protocol.slice(0, -1), drivers);
      if (!drivers.includes(d)) drivers.push(d);
    }
    for (const d of drivers) addSettingsFlags(cmd, d.settingsForm(), "url");
  });
}
function givenUrlFlags(flags) {
  const names = installedTypes().flatMap(
    (t) => (installedDriver(t)?.settingsForm().fields ?? []).flatMap((f) => flagOf(f, "url") ?? [])
  );
  return [...new Set(names)].filter((flag) => flags[attributeOf(flag)] !== void 0).map((flag) => `--${flag}`);
}
function parseUrl(url) {
  try {
    return new URL(url);
  } catch {
    throw new QuarryError(
      "invalid_input",
      `"${url}" is neither a saved connection nor a URL`,
      "Pass a saved connection's name, or a URL such as http://localhost:9200."
    );
  }
}
async function settingsFromUrl(url, flags) {
  const parsed = parseUrl(url);
  const drivers = await loadedDrivers();
  const driver = await driverForScheme(parsed.protocol.slice(0, -1), drivers);
  const form = driver.settingsForm();
  refuseForeignFlags(
    form,
    drivers.map((d) => d.settingsForm()),
    flags,
    "url",
    driver.type
  );
  const fromUrl = driver.settingsFromUrl(parsed) ?? {};
  const secrets = await readSecrets(form, flags, "url");
  const given = { ...fromUrl, ...settingsFromFlags(form, flags, "url") };
  const settings = withDefaults(form, given, Object.keys(secrets));
  for (const f of form.fields) {
    const name = f.key;
    if (f.kind === "secret" && isShown(f, settings) && secrets[name] === void 0)
      secrets[name] = "";
  }
  return { driver, settings, secrets };
}

// src/cli/context.ts
async function openSession(conn, flags) {
  if (isUrl(conn)) return openUrl(conn, flags);
  const given = givenUrlFlags(flags);
  if (given.length > 0) {
    throw new QuarryError(
      "invalid_input",
      `${given.join(", ")} ${given.length > 1 ? "apply" : "applies"} only to a URL, and "${conn}" names a saved connection`,
      `Drop ${given.length > 1 ? "them" : "it"}, or change the saved connection with quarry connections edit "${conn}".`
    );
  }
  return (await openSavedConnection(conn)).session;
}
async function openUrl(url, flags) {
  const { driver, settings, secrets } = await settingsFromUrl(url, flags);
  return driver.connect(driver.validateConfig(settings), secrets);
}
async function withSession(conn, flags, body) {
  const session = await openSession(conn, flags);
  try {
    return await body(session);
  } finally {
    await session.close();
  }
}
function wantsJson(cmd) {
  return Boolean(cmd.optsWithGlobals().json);
}

// src/cli/output.ts
function printJson(value, to = process.stdout) {
  to.write(`${JSON.stringify(value, null, 2)}
`);
}
function printLine(line = "") {
  process.stdout.write(`${line}
`);
}
function warnPartial(partial) {
  process.stderr.write(`warning: partial results. ${partial.message}
`);
}
function printTable(headers, rows, maxWidth = 40) {
  const text = (v) => {
    const s = v === null || v === void 0 ? "" : typeof v === "string" ? v : JSON.stringify(v);
    const flat = s.replace(/\s+/g, " ");
    return flat.length > maxWidth ? `${flat.slice(0, maxWidth - 1)}\u2026` : flat;
  };
  const cells = rows.map((r) => r.map(text));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  printLine(line(headers));
  printLine(line(widths.map((w) => "-".repeat(w))));
  for (const r of cells) printLine(line(r));
}
var USAGE_ERRORS = /* @__PURE__ */ new Set([
  "invalid_config",
  "invalid_input",
  "connection_not_found",
  "connection_exists",
  // Refused before anything was sent: the input must change, retrying the same will not help.
  "console_refused",
  "changes_refused",
  "export_refused",
  "confirmation_mismatch"
]);
function reportError(e, json, jsonTo = process.stdout) {
  if (isQuarryError(e)) {
    if (json) printJson({ error: e.toJSON() }, jsonTo);
    else process.stderr.write(`error: ${e.message}
${e.remedy}
`);
    return USAGE_ERRORS.has(e.code) ? EXIT.usage : EXIT.failed;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (json)
    printJson(
      {
        error: { code: "internal", message, remedy: "This is a bug in Quarry; please report it." }
      },
      jsonTo
    );
  else process.stderr.write(`error: ${message}
`);
  return EXIT.failed;
}

// src/cli/commands/app/install-desktop.ts
function registerInstallDesktop(program3) {
  program3.command("install-desktop").description("register Quarry and its quarry:// scheme with the Linux desktop (xdg-mime)").option("--remove", "take the registration away again").action(async (flags, cmd) => {
    const res = flags.remove ? await removeDesktop() : await installDesktop();
    if (wantsJson(cmd)) {
      printJson({ installed: !flags.remove, ...res });
      return;
    }
    if (flags.remove) {
      printLine("Removed Quarry's desktop entries and its quarry:// registration:");
      for (const f of res.files) printLine(`  ${f}`);
      return;
    }
    printLine("Installed Quarry's desktop entries:");
    for (const f of res.files) printLine(`  ${f}`);
    printLine(
      `quarry:// links now open with ${res.exec} open-url (registered with ${res.registeredWith}).`
    );
    printLine("Check: xdg-mime query default x-scheme-handler/quarry");
  });
}

// src/cli/commands/app/open-url.ts
function registerOpenUrl(program3) {
  program3.command("open-url").description(
    "handle a quarry:// URL: quarry://integrations/start-mcp starts Quarry in the background with its MCP server"
  ).argument("<url>", "the quarry:// URL").action(async (url, _flags, cmd) => {
    const json = wantsJson(cmd);
    parseQuarryUrl(url);
    const dataDir = await ensureAppDataDir();
    const running = await findRunningApp(dataDir);
    let pid;
    if (running) {
      pid = (await running.client.openUrl(url)).pid;
    } else {
      const report = await spawnBackgroundApp({ dataDir, startMcp: true });
      if (report.type === "failed") {
        throw failedStart(report.error);
      }
      pid = report.pid;
    }
    if (json) printJson({ handled: url, pid });
    else printLine(`Quarry (pid ${pid}) handled ${url}.`);
  });
}

// src/cli/commands/app/foreground.ts
function windowLines(window) {
  if (!window) return [];
  if (window.opened) return ["Its window is open in your browser."];
  return [`No browser window was opened (${window.how}). Open this address:`, `  ${window.url}`];
}
function windowJson(window) {
  if (!window) return null;
  return { opened: window.opened, how: window.how, ...window.opened ? {} : { url: window.url } };
}
async function runAppInForeground(options = {}) {
  const { startApp } = await import("./app-SWGFQCZG.js");
  const result = await startApp({
    background: false,
    handleSignals: true,
    ...options.port ? { port: options.port } : {},
    ...options.env ? { env: options.env } : {}
  });
  if (result.kind === "already-running") {
    const { status, window: window2 } = result;
    if (options.json) {
      printJson({
        alreadyRunning: true,
        pid: status.pid,
        url: status.url,
        window: windowJson(window2)
      });
    } else {
      printLine(`Quarry is already running (pid ${status.pid}, data folder ${status.dataDir}).`);
      for (const line of windowLines(window2)) printLine(line);
    }
    return;
  }
  const { app, window } = result;
  handleClosedOutput();
  const restore = onClosedOutput((status) => {
    process.exitCode = status;
    void app.stop("its output was closed");
  });
  void app.stopped.then(restore);
  if (options.json) {
    printJson({
      started: true,
      pid: app.info.pid,
      url: `http://127.0.0.1:${app.info.port}/`,
      dataDir: app.info.dataDir,
      window: windowJson(window)
    });
  } else {
    printLine(`Quarry ${app.info.version} is running (pid ${app.info.pid}).`);
    printLine(`  UI:          http://127.0.0.1:${app.info.port}/`);
    printLine(`  Data folder: ${app.info.dataDir}`);
    for (const line of windowLines(window)) printLine(line);
    printLine("Stop it with Ctrl-C here, or with quarry stop from another terminal.");
  }
  await app.stopped;
}

// src/cli/commands/app/start.ts
function registerStart(program3) {
  program3.command("start", { isDefault: true }).description(
    "start Quarry and open its window (the default command); hands over to a running Quarry"
  ).option("--background", "start with no window: nothing opens and nothing is shown").option("--port <port>", "the UI server's port on 127.0.0.1 (default: any free port)").allowExcessArguments(true).action(async (flags, cmd) => {
    if (cmd.args.length > 0) {
      throw new QuarryError(
        "invalid_input",
        `"${cmd.args[0]}" is not a quarry command`,
        "quarry --help lists the commands; quarry alone starts Quarry."
      );
    }
    const json = wantsJson(cmd);
    const port = parsePort2(flags.port);
    if (!flags.background) {
      await runAppInForeground({ ...port ? { port } : {}, json });
      process.exit(process.exitCode ?? EXIT.ok);
    }
    const dataDir = await ensureAppDataDir();
    const running = await findRunningApp(dataDir);
    const report = running ? { type: "already-running", pid: running.status.pid } : await spawnBackgroundApp({ dataDir, ...port ? { port } : {} });
    if (report.type === "failed") {
      throw failedStart(report.error);
    }
    if (json)
      printJson({
        background: true,
        alreadyRunning: report.type === "already-running",
        pid: report.pid
      });
    else if (report.type === "already-running") {
      printLine(`Quarry is already running (pid ${report.pid}); it was left as it is.`);
    } else {
      printLine(
        `Quarry is running in the background (pid ${report.pid}). quarry start opens its window; quarry stop ends it.`
      );
    }
  });
}

// src/cli/commands/app/status.ts
function printStatus(status) {
  printLine(`Quarry ${status.version} is running (pid ${status.pid}).`);
  printLine(`  Mode:        ${modeText(status)}`);
  printLine(`  UI:          ${status.url}`);
  printLine(`  Data folder: ${status.dataDir}`);
  printLine(`  Started:     ${status.startedAt}`);
  printLine(
    `  MCP server:  ${status.mcp.running ? `running on port ${status.mcp.port}` : `not running (${status.mcp.detail})`}`
  );
  if (status.plugins.length === 0) printLine("  Plugins:     none installed");
  for (const p of status.plugins) {
    const state = p.status === "ok" ? "ok" : `BROKEN: ${p.error?.message ?? "cannot be loaded"}`;
    printLine(`  Plugin:      ${p.id} ${p.version} (${state})`);
  }
}
function modeText(status) {
  if (status.mode === "background") return "background (no window)";
  const w = status.window;
  if (w?.opened) return `window (opened with ${w.how})`;
  return `window, but none was opened${w ? ` (${w.how})` : ""}; quarry start opens one or prints its address`;
}
function registerStatus(program3) {
  program3.command("status").description("tell whether Quarry is running, and how (exit status 1 when it is not)").action(async (_flags, cmd) => {
    const json = wantsJson(cmd);
    const dataDir = appDataDir();
    const running = await findRunningApp(dataDir);
    if (running) {
      if (json) printJson({ running: true, ...running.status });
      else printStatus(running.status);
      return;
    }
    const held = lockIsHeld(dataDir);
    if (json) printJson({ running: false, dataDir, ...held ? { unresponsive: true } : {} });
    else if (held) {
      printLine(
        "A Quarry process holds this data folder but does not answer (starting, or stuck)."
      );
      printLine("Wait a moment, or end it with quarry stop --force.");
    } else printLine(`Quarry is not running (data folder ${dataDir}).`);
    process.exitCode = EXIT.failed;
  });
}

// src/cli/commands/app/stop.ts
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
var STOP_WAIT_MS = 15e3;
function looksLikeQuarry(pid) {
  if (process.platform !== "linux") return isAlive(pid);
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return /src\/cli\/main\.ts|scripts\/start\.ts|quarry/.test(cmdline);
  } catch {
    return false;
  }
}
async function waitForRelease(dataDir, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!lockIsHeld(dataDir)) return true;
    await sleep(100);
  }
  return !lockIsHeld(dataDir);
}
async function forceStop(dataDir) {
  const info = await readInstanceInfo(dataDir);
  const pid = info?.pid;
  if (!pid || !isAlive(pid) || !looksLikeQuarry(pid)) return void 0;
  process.kill(pid, "SIGTERM");
  if (await waitForRelease(dataDir, 5e3)) return pid;
  process.kill(pid, "SIGKILL");
  await waitForRelease(dataDir, 5e3);
  return pid;
}
function registerStop(program3) {
  program3.command("stop").description("end the running Quarry cleanly").option("--force", "if it does not answer, end its process (SIGTERM, then SIGKILL)").action(async (flags, cmd) => {
    const json = wantsJson(cmd);
    const dataDir = appDataDir();
    const running = await findRunningApp(dataDir);
    let pid;
    if (running) {
      pid = running.status.pid;
      await running.client.stop();
      if (!await waitForRelease(dataDir, STOP_WAIT_MS)) {
        if (!flags.force) {
          throw errors.appNotResponding(pid, `it did not end within ${STOP_WAIT_MS / 1e3} s`);
        }
        await forceStop(dataDir);
      }
    } else if (lockIsHeld(dataDir)) {
      const info = await readInstanceInfo(dataDir);
      if (!flags.force)
        throw errors.appNotResponding(info?.pid, "its local server does not answer");
      pid = await forceStop(dataDir);
      if (pid === void 0 || lockIsHeld(dataDir)) {
        throw errors.appNotResponding(
          info?.pid,
          "its process could not be identified or ended; end it with your system's process manager"
        );
      }
    } else {
      if (json) printJson({ stopped: false, running: false });
      else printLine("Quarry is not running.");
      return;
    }
    if (json) printJson({ stopped: true, pid });
    else printLine(`Quarry (pid ${pid}) has stopped.`);
  });
}

// src/cli/commands/app/index.ts
function registerAppCommands(program3) {
  registerStart(program3);
  registerChild(program3);
  registerStop(program3);
  registerStatus(program3);
  registerOpenUrl(program3);
  registerInstallDesktop(program3);
}

// src/cli/commands/browse/filter-syntax.ts
var symbolic = (op) => /^[^\w\s]+$/.test(opSymbol(op));
var SYMBOL_OPS = FILTER_OPS.filter(symbolic);
var WORD_OPS = FILTER_OPS.filter((op) => !symbolic(op));
var literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
var alternation = (ops, pattern) => [...ops].sort((a, b) => opSymbol(b).length - opSymbol(a).length).map(pattern).join("|");
var SYMBOL_CHARS = literal([...new Set(SYMBOL_OPS.flatMap((op) => [...opSymbol(op)]))].join(""));
var SYMBOLIC = new RegExp(
  `^\\s*([^\\s${SYMBOL_CHARS}]+)\\s*(${alternation(SYMBOL_OPS, (op) => literal(opSymbol(op)))})\\s*(.*)$`,
  "s"
);
var WORDED = new RegExp(
  `^\\s*(\\S+)\\s+(${alternation(WORD_OPS, (op) => opSymbol(op).replace(/ /g, "\\s+"))})(?:\\s+(.*))?\\s*$`,
  "is"
);
var opWritten = (text) => FILTER_OPS.find((op) => opSymbol(op) === text.toLowerCase().replace(/\s+/g, " "));
var FILTER_HELP_OPS = `${SYMBOL_OPS.map(opSymbol).join(" ")} ${WORD_OPS.map(opSymbol).join(", ")}`;
function parseFilter(text) {
  const bad2 = (problem) => new QuarryError(
    "invalid_input",
    `--filter "${text}": ${problem}`,
    'Write "<column> <op> <value>", e.g. "status = paid", "total >= 100", "tags in gift,promo", "title like *chair*", "notes missing", "items.sku = KB-01 @1".'
  );
  let column;
  let op;
  let rest;
  const symbolic2 = SYMBOLIC.exec(text);
  if (symbolic2) {
    column = symbolic2[1];
    op = opWritten(symbolic2[2]);
    rest = symbolic2[3];
  } else {
    const worded = WORDED.exec(text);
    if (!worded) throw bad2("no operator found");
    column = worded[1];
    op = opWritten(worded[2]);
    rest = worded[3] ?? "";
  }
  if (!op) throw bad2("no operator found");
  rest = rest.trim();
  let group;
  const separated = /(?:^|\s+)@(\d+)$/.exec(rest);
  if (separated) {
    group = Number(separated[1]);
    rest = rest.slice(0, separated.index).trim();
  }
  const row = { column, op };
  if (group !== void 0) row.group = group;
  if (operandOf(op) === "none") {
    if (rest !== "") throw bad2(`"${opSymbol(op)}" takes no value`);
    return { row };
  }
  if (rest === "") throw bad2(`"${opSymbol(op)}" needs a value`);
  const out = { row };
  if (group === void 0) {
    const attached = /^(.*[^\s@])@(\d+)$/.exec(rest);
    if (attached && !rest.startsWith('"')) out.attachedGroup = Number(attached[2]);
  }
  row.value = operandOf(op) === "list" ? splitList(rest, bad2) : unquote(rest, bad2);
  return out;
}
function withAttachedGroup(p, columns) {
  if (p.attachedGroup === void 0) return p.row;
  const column = columns.find((c) => c.name === p.row.column);
  if (column?.kind !== "nested-leaf") return p.row;
  const strip = (v) => String(v).replace(/@\d+$/, "");
  const value = Array.isArray(p.row.value) ? [...p.row.value.slice(0, -1), strip(p.row.value.at(-1))] : strip(p.row.value);
  return { ...p.row, value, group: p.attachedGroup };
}
function unquote(text, bad2) {
  if (!text.startsWith('"')) return text;
  try {
    const v = JSON.parse(text);
    if (typeof v === "string") return v;
  } catch {
  }
  throw bad2(`${text} is not a well-formed "quoted" value`);
}
function splitList(text, bad2) {
  const items = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === "\\") {
      current += ch + (text[i + 1] ?? "");
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (ch === "," && !quoted) {
      items.push(current);
      current = "";
    } else current += ch;
  }
  items.push(current);
  const values = items.map((i) => unquote(i.trim(), bad2));
  if (values.some((v) => v === "")) throw bad2("the list has an empty item");
  return values;
}
function parseSort(text) {
  const m = /^(.+?)(?::(asc|desc))?$/i.exec(text.trim());
  if (!m?.[1]) {
    throw new QuarryError(
      "invalid_input",
      `--sort "${text}" names no column`,
      "Write --sort <column> or --sort <column>:desc."
    );
  }
  return { column: m[1], direction: m[2]?.toLowerCase() ?? "asc" };
}

// src/cli/commands/browse/print.ts
function printTables(tables) {
  printTable(
    ["table", "docs", "size", "health", "status"],
    tables.map((t) => [
      t.name,
      t.docCount === null ? "" : t.docCount.toLocaleString("en-US"),
      t.sizeBytes === null ? "" : bytes(t.sizeBytes),
      t.health ?? "",
      t.status
    ]),
    80
  );
  printLine(`${tables.length} table${tables.length === 1 ? "" : "s"}`);
}
function printColumns(columns, ops) {
  printTable(
    ["column", "type", "kind", "sorts on", "filters", "notes"],
    columns.map((c, i) => [
      c.name,
      c.type,
      c.kind,
      c.sortField ?? "-",
      (ops[i] ?? []).map(opSymbol).join(" ") || "-",
      notes(c)
    ]),
    60
  );
}
function notes(c) {
  const out = [];
  if (c.primaryKey) out.push("primary key");
  if (c.conflict) {
    out.push(
      `types differ: ${Object.entries(c.conflict).map(([t, idx]) => `${t} in ${idx.join(",")}`).join("; ")}`
    );
  }
  if (c.kind === "nested-leaf") out.push(`leaf of ${c.nestedPaths?.at(-1)}; read-only`);
  if (!c.sortField && c.sortNote && c.kind !== "meta") out.push(c.sortNote);
  return out.join("; ");
}
function chooseColumns(result, wanted) {
  if (wanted) {
    const names = wanted.split(",").map((n3) => n3.trim()).filter(Boolean);
    const byName = new Map(result.columns.map((c) => [c.name, c]));
    return names.map((n3) => {
      const c = byName.get(n3);
      if (!c)
        throw errors.unknownColumn(
          result.table,
          n3,
          result.columns.map((x) => x.name)
        );
      return c;
    });
  }
  const indices = new Set(result.rows.map((r) => r._index));
  const scored = result.rows.some((r) => r._score !== null);
  return result.columns.filter(
    (c) => !(c.name === "_index" && indices.size <= 1) && !(c.name === "_score" && !scored)
  );
}
function narrow(result, columns) {
  const names = new Set(columns.map((c) => c.name));
  return {
    ...result,
    columns,
    rows: result.rows.map((r) => ({
      ...r,
      cells: Object.fromEntries(Object.entries(r.cells).filter(([k]) => names.has(k))),
      json: r.json.filter((k) => names.has(k)),
      cut: r.cut.filter((k) => names.has(k))
    }))
  };
}
function printPage(result, columns) {
  printTable(
    columns.map((c) => c.name),
    result.rows.map((r) => columns.map((c) => r.cells[c.name] ?? null))
  );
  const first = (result.page - 1) * result.pageSize + 1;
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const range = result.rows.length === 0 ? "no rows on this page" : `rows ${first.toLocaleString("en-US")}-${(first + result.rows.length - 1).toLocaleString("en-US")}`;
  printLine(
    `${range} of ${result.total.toLocaleString("en-US")} \xB7 page ${result.page} of ${pages.toLocaleString("en-US")}${result.paging === "search-after" ? " \xB7 past 10,000 rows (search_after)" : ""}`
  );
  for (const d of result.droppedSort) printLine(`sort dropped: ${d.column}: ${d.reason}`);
  const shown5 = new Set(columns.map((c) => c.name));
  const cut = result.rows.map((r) => ({ id: r._id, cut: r.cut.filter((c) => shown5.has(c)) })).filter((r) => r.cut.length > 0);
  if (cut.length > 0) {
    printLine(
      `cut at 10,000 characters: ${cut.slice(0, 5).map((r) => `${r.id} (${r.cut.join(", ")})`).join("; ")}${cut.length > 5 ? "; \u2026" : ""}`
    );
  }
}
function bytes(n3) {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let v = n3;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(1)} ${units[u]}`;
}

// src/cli/commands/browse/shared.ts
var CONN_HELP = "a saved connection's name, or a URL such as http://localhost:9200";

// src/cli/commands/browse/browse.ts
var collect = (value, previous) => [...previous, value];
function registerBrowse(program3) {
  addConnectionFlags(
    program3.command("browse").description("show one page of a table's rows, filtered and sorted").argument("<conn>", CONN_HELP).argument("<table>", "an index, alias, pattern (logs-*) or comma list").option(
      "--filter <expr>",
      `"<column> <op> <value>", ops: ${FILTER_HELP_OPS}; a trailing @<n> puts a nested-leaf filter in element group n (repeatable)`,
      collect,
      []
    ).option("--raw <query>", "the Raw SQL filter: Lucene query_string text across all fields").option(
      "--sort <column[:desc]>",
      "sort column, ascending unless :desc (repeatable)",
      collect,
      []
    ).option("--page <n>", "page number, from 1", "1").option("--page-size <n>", "rows per page, 1 to 10000", "100").option(
      "--columns <list>",
      "only these columns, comma-separated (the output, not the query)"
    )
  ).action(async (conn, table, flags, cmd) => {
    const sort = flags.sort.map(parseSort);
    const parsed = flags.filter.map(parseFilter);
    const page = wholeNumber("--page", flags.page);
    const pageSize = wholeNumber("--page-size", flags.pageSize);
    const result = await withSession(conn, flags, async (s) => {
      let filters = parsed.map((p) => p.row);
      if (parsed.some((p) => p.attachedGroup !== void 0)) {
        const columns = await s.describeTable(table);
        filters = parsed.map((p) => withAttachedGroup(p, columns));
      }
      const request = { filters, sort, page, pageSize };
      if (flags.raw !== void 0) request.rawQuery = flags.raw;
      return s.browse(table, request);
    });
    const shown5 = chooseColumns(result, flags.columns);
    if (result.partial) warnPartial(result.partial);
    if (wantsJson(cmd)) printJson(flags.columns ? narrow(result, shown5) : result);
    else printPage(result, shown5);
  });
}
function wholeNumber(flag, text) {
  const n3 = Number(text);
  if (!/^\d+$/.test(text ?? "") || !Number.isSafeInteger(n3)) {
    throw errors.badPaging(
      `${flag} ${text} is not a whole number`,
      `Give ${flag} a number such as 1.`
    );
  }
  return n3;
}

// src/cli/commands/browse/describe.ts
function registerDescribe(program3) {
  addConnectionFlags(
    program3.command("describe").description("show a table's columns, derived from its mapping").argument("<conn>", CONN_HELP).argument("<table>", "an index, alias, pattern (logs-*) or comma list")
  ).action(async (conn, table, flags, cmd) => {
    const { columns, ops } = await withSession(conn, flags, async (s) => {
      const columns2 = await s.describeTable(table);
      return { columns: columns2, ops: columns2.map((c) => s.filterOps(c)) };
    });
    if (wantsJson(cmd)) printJson({ table, columns });
    else printColumns(columns, ops);
  });
}

// src/cli/commands/browse/tables.ts
function registerTables(program3) {
  addConnectionFlags(
    program3.command("tables").description("list the indices of a cluster as tables, with document counts and sizes").argument("<conn>", CONN_HELP)
  ).action(async (conn, flags, cmd) => {
    const tables = await withSession(conn, flags, (s) => s.listTables());
    if (wantsJson(cmd)) printJson({ tables });
    else printTables(tables);
  });
}

// src/cli/commands/browse.ts
function registerBrowseCommands(program3) {
  registerTables(program3);
  registerDescribe(program3);
  registerBrowse(program3);
}

// src/cli/commands/cluster/print.ts
function tableLines(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}
var pct = (used, max) => used === null || !max ? "" : `${Math.round(used / max * 100)}%`;
var sized = (used, max) => used === null || max === null ? "" : `${bytesText(used)} / ${bytesText(max)} (${pct(used, max)})`;
var copyName = (c) => `[${c.table}][${c.partition}] ${c.primary ? "primary" : "replica"}`;
function healthLines(h) {
  const p = h.partitions;
  const out = [
    `Cluster ${h.name}${h.table ? ` (index ${h.table})` : ""}: ${h.status}`,
    ...(h.causes ?? []).map((c) => `  ${c}`),
    `Shards: ${countText(p.active)} active (${countText(p.activePrimary)} primary), ${p.relocating} relocating, ${p.initializing} initializing, ${p.unassigned} unassigned${p.delayedUnassigned ? ` (${p.delayedUnassigned} delayed)` : ""}${p.activePercent === null ? "" : `; ${Math.round(p.activePercent * 10) / 10}% active`}`,
    `Nodes: ${h.nodes.length ? h.nodes.map((n3) => n3.leader ? `${n3.name} (master)` : n3.name).join(", ") : "not readable"}`,
    `Pending tasks: ${h.pendingTasks ?? "unknown"}`
  ];
  for (const t of h.pendingTaskList ?? [])
    out.push(
      `  ${t.priority} ${t.source}${t.executing ? " (executing)" : ""}${t.waitingMs === null ? "" : `, waiting ${t.waitingMs} ms`}`
    );
  if (h.unassigned.length) {
    out.push("", `Unassigned shards${h.unassignedListed === "some" ? " (the first ones)" : ""}:`);
    out.push(
      ...tableLines(
        ["index", "shard", "copy", "reason"],
        h.unassigned.map((u) => [
          u.table,
          String(u.partition),
          u.primary ? "primary" : "replica",
          u.reason ?? ""
        ])
      )
    );
  }
  if (h.explanation) out.push("", ...explanationLines(h.explanation));
  return out;
}
function nodeLines(nodes) {
  return tableLines(
    ["name", "roles", "master", "version", "heap", "disk", "cpu", "load 1m/5m/15m"],
    nodes.map((n3) => [
      n3.name,
      n3.roles.join(","),
      n3.leader ? "*" : "",
      n3.version ?? "",
      sized(n3.memoryUsedBytes ?? null, n3.memoryMaxBytes ?? null),
      sized(n3.diskUsedBytes ?? null, n3.diskTotalBytes ?? null),
      n3.cpuPercent === null || n3.cpuPercent === void 0 ? "" : `${n3.cpuPercent}%`,
      n3.load ? n3.load.map((l) => l === null ? "-" : l.toFixed(2)).join(" ") : ""
    ])
  );
}
function shardLines(shards) {
  return tableLines(
    ["index", "shard", "copy", "state", "docs", "size", "node", "unassigned reason"],
    shards.map((s) => [
      s.table,
      String(s.partition),
      s.primary ? "primary" : "replica",
      s.state,
      s.docs === null ? "" : countText(s.docs),
      s.sizeBytes === null ? "" : bytesText(s.sizeBytes),
      s.node ?? "",
      s.unassignedReason ?? ""
    ])
  );
}
function explanationLines(e) {
  const out = [
    `Allocation of ${copyName(e)}: ${e.state ?? "unknown state"}${e.currentNode ? ` on ${e.currentNode}` : ""}`
  ];
  if (e.unassignedReason)
    out.push(
      `  Unassigned because ${e.unassignedReason}${e.unassignedSince ? ` since ${e.unassignedSince}` : ""}${e.details ? `: ${e.details}` : ""}`
    );
  if (e.decision)
    out.push(`  ${e.currentNode ? "May stay on its node" : "Can be allocated"}: ${e.decision}`);
  if (e.explanation) out.push(`  ${e.explanation}`);
  for (const n3 of e.nodes) {
    out.push(`  ${n3.node}: ${n3.decision}`);
    for (const r of n3.reasons) out.push(`    - ${r}`);
  }
  return out;
}

// src/cli/commands/cluster/index.ts
function readCommand(needs, read, lines) {
  return async (conn, flags, cmd) => {
    const value = await withSession(conn, flags, (s) => read(catalogOf(s, ...needs), flags));
    if (wantsJson(cmd)) printJson(value);
    else for (const line of lines(value)) printLine(line);
  };
}
function registerClusterCommands(program3) {
  const group = program3.command("cluster").description("the cluster at a glance: health, nodes, shards and allocation explanations");
  const sub = (name, description) => addConnectionFlags(group.command(name).description(description).argument("<conn>", CONN_HELP));
  sub("health", "the cluster's health, why it is not green, and its pending tasks").option("--index <pattern>", "the health of this index (or pattern) only").action(
    readCommand(["health"], (c, f) => c.health(f.index ? { table: f.index } : {}), healthLines)
  );
  sub("nodes", "the nodes: roles, version, heap, disk, CPU and load").action(
    readCommand(
      ["nodes"],
      async (c) => ({ nodes: await c.nodes() }),
      (v) => nodeLines(v.nodes)
    )
  );
  sub("shards", "every shard by index and node, with its state").option("--index <pattern>", "the shards of this index, alias or pattern only").action(
    readCommand(
      ["partitions"],
      async (c, f) => ({ shards: await c.partitions(f.index) }),
      (v) => [...shardLines(v.shards), `${v.shards.length} shards`]
    )
  );
  sub("allocation", "why a shard is unassigned (the first one, or --index and --shard)").option("--index <index>", "the index of the shard to explain").option("--shard <n>", "the shard number to explain").option("--primary", "explain the primary (default: a replica)").action(
    readCommand(
      ["explainPlacement"],
      async (c, f) => ({ explanation: await c.explainPlacement(copyOf(f)) }),
      (v) => v.explanation ? explanationLines(v.explanation) : [
        "No shard is unassigned: nothing to explain.",
        "Pass --index and --shard (and --primary) to explain where an assigned shard is."
      ]
    )
  );
}
function copyOf(f) {
  if (f.index === void 0 && f.shard === void 0) {
    if (f.primary)
      throw usage("--primary needs --index and --shard", "Pass the shard to explain with them.");
    return void 0;
  }
  const shard = Number(f.shard);
  if (f.index === void 0 || f.shard === void 0 || !Number.isInteger(shard) || shard < 0)
    throw usage(
      "--index and --shard name one shard together (a shard number is 0 or more)",
      "Pass both, e.g. --index logs --shard 0, or neither for the first unassigned shard."
    );
  return { table: f.index, partition: shard, primary: f.primary === true };
}
var usage = (message, remedy) => new QuarryError("invalid_input", message, remedy);

// src/cli/commands/connect.ts
function registerConnectionCommands(program3) {
  addConnectionFlags(
    program3.command("test").description("connect to a cluster and print its name and version").argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
  ).action(async (conn, flags, cmd) => {
    const info = await withSession(conn, flags, (s) => s.testConnection());
    if (wantsJson(cmd)) printJson(info);
    else printLine(`Connected: ${info.product} ${info.version}, cluster "${info.clusterName}"`);
  });
}

// src/cli/commands/connections/shared.ts
function addConnectionFieldFlags(cmd, forEdit) {
  const keep = forEdit ? " (unchanged when absent)" : "";
  return cmd.option("--name <name>", `the connection's unique name${forEdit ? " (renames it)" : ""}`).option(
    "--external-clients <level>",
    `${EXTERNAL_CLIENT_LEVELS.join(" | ")}: what MCP clients may do${forEdit ? keep : " (default read-only)"}`
  ).option(
    "--ai-policy <policy>",
    `${AI_POLICIES.join(" | ")}${forEdit ? keep : " (default ask-each-time)"}`
  ).option(
    "--no-test",
    `save without connecting to check ${forEdit ? "the change" : "it"} (for scripts)`
  );
}
async function testSaved(storage, saved) {
  try {
    const { session } = await openSavedConnection(saved.id, storage);
    try {
      return { ok: true, info: await session.testConnection() };
    } finally {
      await session.close();
    }
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    return { ok: false, error: e };
  }
}
function testJson(t) {
  return t.ok ? { ok: true, ...t.info } : { ok: false, error: t.error.toJSON() };
}
function printTest(saved, t) {
  if (t.ok) {
    printLine(`Connected: ${t.info.product} ${t.info.version}, cluster "${t.info.clusterName}".`);
    return;
  }
  process.stderr.write(
    `error: the connection test failed: ${t.error.message}
${t.error.remedy}
The connection is saved as it is: change it with quarry connections edit "${saved.name}" \u2026, or remove it with quarry connections remove "${saved.name}".
`
  );
}
var OWN_FIELD_FLAGS = {
  Name: "--name",
  "External Clients": "--external-clients",
  "AI policy": "--ai-policy"
};
async function withFlagHints(form, body) {
  try {
    return await body();
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    const field2 = String(e.details.field);
    const flag = OWN_FIELD_FLAGS[field2] ?? (form && flagHint(form, field2));
    if (!flag) throw e;
    throw new QuarryError(e.code, e.message, `${e.remedy} (Flag: ${flag}.)`, { ...e.details });
  }
}
function usage2(message, remedy) {
  return new QuarryError("invalid_input", message, remedy);
}
function secretLabel(driver, name) {
  return driver?.settingsForm().fields.find((f) => f.key === name)?.label ?? name;
}
function printSecretNote(c, driver) {
  for (const field2 of c.secret.needed) {
    if (c.secret.stored.includes(field2) && c.secret.location)
      printLine(`${secretLabel(driver, field2)} stored in ${c.secret.location.description}.`);
  }
}

// src/cli/commands/connections/add.ts
async function driverOf(type, help) {
  const loaded = (await loadedDrivers()).find((d) => d.type === type);
  if (loaded || help) return loaded;
  return offerDriver(type, await ensureAppDataDir());
}
function registerAdd(group) {
  const cmd = addConnectionFieldFlags(
    group.command("add").description("save a new connection (secrets only from standard input)").option("--type <type>", "database type (its settings' flags follow)", DEFAULT_DATABASE_TYPE),
    false
  );
  prepareBeforeParse(cmd, async (args) => {
    const type = rawOption(args, "type") ?? DEFAULT_DATABASE_TYPE;
    const help = wantsHelp(args);
    const driver = await driverOf(type, help);
    if (driver) addSettingsFlags(cmd, driver.settingsForm(), "add");
    else cmd.allowUnknownOption();
    if (!driver && help)
      cmd.addHelpText(
        "after",
        `
The ${type} driver is not installed yet, so its settings' flags are not listed here. Install it (quarry plugins install ${type}), or add a connection, which installs it; then ask again.`
      );
  });
  cmd.action(async (flags, command) => {
    const name = flags.name;
    if (!name) throw usage2("--name is required", "Name the connection, e.g. --name local-dev.");
    const storage = await openAppStorage();
    const form = installedDriver(flags.type)?.settingsForm();
    const secrets = form ? await readSecrets(form, flags, "add") : {};
    const settings = form ? withDefaults(form, dropCleared(settingsFromFlags(form, flags, "add")), Object.keys(secrets)) : {};
    const saved = await withFlagHints(
      form,
      () => addConnection(
        storage,
        {
          name,
          type: flags.type,
          settings,
          ...flags.externalClients !== void 0 ? { externalClients: flags.externalClients } : {},
          ...flags.aiPolicy !== void 0 ? { aiPolicy: flags.aiPolicy } : {}
        },
        secrets
      )
    );
    const described = await describeConnection(storage, saved);
    const test = flags.test === false ? void 0 : await testSaved(storage, saved);
    if (wantsJson(command)) printJson(test ? { ...described, test: testJson(test) } : described);
    else {
      printLine(`Saved connection "${saved.name}" (id ${saved.id}).`);
      printSecretNote(described, installedDriver(flags.type));
      if (test) printTest(saved, test);
    }
    if (test && !test.ok) process.exitCode = EXIT.partial;
  });
}
function dropCleared(settings) {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null));
}

// src/cli/commands/connections/edit.ts
function registerEdit(group) {
  const cmd = addConnectionFieldFlags(
    group.command("edit").description("change a saved connection; only the given fields change").argument("<conn>", "the connection's name or id"),
    true
  );
  prepareBeforeParse(cmd, async () => {
    for (const d of await loadedDrivers()) addSettingsFlags(cmd, d.settingsForm(), "edit");
  });
  cmd.action(async (conn, flags, command) => {
    const storage = await openAppStorage();
    const current = await storage.connections.require(conn);
    const all = (await loadedDrivers()).map((d) => d.settingsForm());
    const driver = installedDriver(current.type) ?? await offerDriver(current.type, storage.dir);
    const form = driver?.settingsForm() ?? { fields: [] };
    refuseForeignFlags(form, all, flags, "edit", current.type);
    const patch = {};
    if (flags.name !== void 0) patch.name = flags.name;
    const settings = settingsFromFlags(form, flags, "edit");
    if (Object.keys(settings).length > 0) patch.settings = settings;
    if (flags.externalClients !== void 0)
      patch.externalClients = flags.externalClients;
    if (flags.aiPolicy !== void 0) patch.aiPolicy = flags.aiPolicy;
    const change = await readSecrets(form, flags, "edit");
    if (Object.keys(patch).length === 0 && Object.keys(change).length === 0) {
      throw usage2(
        "Nothing to change",
        `Pass the fields to change, e.g. quarry connections edit "${conn}" --name "${conn} (old)" (see --help).`
      );
    }
    const updated = await withFlagHints(form, () => editConnection(storage, conn, patch, change));
    const described = await describeConnection(storage, updated);
    const connects = patch.settings !== void 0 || Object.keys(change).length > 0;
    const test = flags.test === false || !connects || !described.driverInstalled ? void 0 : await testSaved(storage, updated);
    if (wantsJson(command)) printJson(test ? { ...described, test: testJson(test) } : described);
    else {
      printLine(`Updated connection "${updated.name}".`);
      printSecretNote(described, driver);
      if (test) printTest(updated, test);
    }
    if (test && !test.ok) process.exitCode = EXIT.partial;
  });
}

// src/cli/commands/connections/list.ts
function registerList(group) {
  group.command("list").description("list saved connections (secrets are never shown)").action(async (_flags, cmd) => {
    const storage = await openAppStorage();
    const all = await storage.connections.list();
    const described = await Promise.all(all.map((c) => describeConnection(storage, c)));
    if (wantsJson(cmd)) return printJson(described);
    if (described.length === 0) {
      printLine(
        "No saved connections. Add one with: quarry connections add --name <name> --host <host>"
      );
      return;
    }
    printTable(
      ["NAME", "TYPE", "ENDPOINT", "AUTH", "EXTERNAL CLIENTS", "AI POLICY"],
      described.map((c) => [
        c.name,
        c.driverInstalled ? c.type : `${c.type} (driver not installed)`,
        c.endpoint ?? "",
        authLabel(c),
        EXTERNAL_CLIENT_LABELS[c.externalClients],
        AI_POLICY_LABELS[c.aiPolicy]
      ]),
      60
    );
  });
}
function authLabel(c) {
  if (!c.driverInstalled) return "";
  try {
    return installedDriver(c.type)?.describeAuth(c.settings) ?? "";
  } catch {
    return "";
  }
}

// src/cli/commands/connections/remove.ts
function registerRemove(group) {
  group.command("remove").description("delete a saved connection and its stored secret").argument("<conn>", "the connection's name or id").action(async (conn, _flags, cmd) => {
    const storage = await openAppStorage();
    const hadSecret = await storage.secrets.locate((await storage.connections.require(conn)).id) !== void 0;
    const removed = await removeConnection(storage, conn);
    if (wantsJson(cmd)) printJson({ removed: { id: removed.id, name: removed.name } });
    else
      printLine(
        `Removed connection "${removed.name}"${hadSecret ? " and its stored secret" : ""}.`
      );
  });
}

// src/cli/commands/connections/show.ts
function registerShow(group) {
  group.command("show").description("show one saved connection and where its secret is stored (never the secret)").argument("<conn>", "the connection's name or id").action(async (conn, _flags, cmd) => {
    const storage = await openAppStorage();
    const described = await describeConnection(storage, await storage.connections.require(conn));
    if (wantsJson(cmd)) printJson(described);
    else printDescription(described, storage);
  });
}
function shown(field2, value) {
  if (field2.kind === "boolean") return value === true ? "yes" : "no";
  if (value === void 0 || value === null || value === "") return "(not set)";
  return field2.choices?.find((c) => c.value === value)?.label ?? String(value);
}
function settingRows(c) {
  const driver = c.driverInstalled ? installedDriver(c.type) : void 0;
  if (!driver) return Object.entries(c.settings).map(([k, v]) => [k, JSON.stringify(v)]);
  return [
    ["Endpoint", c.endpoint ?? "(settings invalid: quarry connections test names the problem)"],
    ...driver.settingsForm().fields.filter((f) => f.kind !== "secret" && isShown(f, c.settings)).map((f) => [f.label, shown(f, c.settings[f.key])])
  ];
}
function secretRows(c) {
  const driver = installedDriver(c.type);
  return c.secret.needed.map((name) => {
    const where2 = c.secret.stored.includes(name) && c.secret.location;
    const flag = driver?.settingsForm().fields.find((f) => f.key === name)?.cli.flag;
    return [
      secretLabel(driver, name),
      where2 ? `stored in ${where2.description}` : `missing: add it with quarry connections edit "${c.name}"${flag ? ` --${flag}` : ""}`
    ];
  });
}
function printDescription(c, storage) {
  const rows = [
    ["Name", c.name],
    ["Id", c.id],
    [
      "Type",
      c.driverInstalled ? c.type : `${c.type} (driver not installed; settings kept as saved)`
    ],
    ...settingRows(c),
    ...secretRows(c)
  ];
  if (c.secret.location?.backend === "file" && storage.secrets.keyringUnavailable)
    rows.push([
      "Secret store",
      `file (the OS keyring is not used: ${storage.secrets.keyringUnavailable})`
    ]);
  rows.push(
    ["External Clients", EXTERNAL_CLIENT_LABELS[c.externalClients]],
    ["AI policy", AI_POLICY_LABELS[c.aiPolicy]],
    ["Created", c.createdAt],
    ["Updated", c.updatedAt]
  );
  const width = Math.max(...rows.map(([k]) => k.length)) + 1;
  for (const [k, v] of rows) printLine(`${`${k}:`.padEnd(width)}  ${v}`);
}

// src/cli/commands/connections/test.ts
function registerTest(group) {
  group.command("test").description("connect with a saved connection and print the cluster's name and version").argument("<conn>", "the connection's name or id").action(async (conn, _flags, cmd) => {
    const { connection, session } = await openSavedConnection(conn);
    try {
      const info = await session.testConnection();
      if (wantsJson(cmd))
        printJson({ connection: { id: connection.id, name: connection.name }, ...info });
      else
        printLine(
          `Connected with "${connection.name}": ${info.product} ${info.version}, cluster "${info.clusterName}"`
        );
    } finally {
      await session.close();
    }
  });
}

// src/cli/commands/connections/index.ts
function registerConnectionsCommands(program3) {
  const group = program3.command("connections").description("add, list, show, edit, remove and test saved connections");
  registerAdd(group);
  registerList(group);
  registerShow(group);
  registerEdit(group);
  registerRemove(group);
  registerTest(group);
}

// src/cli/commands/console.ts
import { join as join4 } from "node:path";

// src/cli/commands/console-print.ts
function partlyDone(r) {
  return r.kind === "json" && (r.task?.outcome === "stopped" || r.itemFailures !== void 0);
}
var lastProgress = 0;
function showProgress(p) {
  if (!process.stderr.isTTY || Date.now() - lastProgress < 200) return;
  lastProgress = Date.now();
  const of = p.total === null ? "" : ` of ${p.total}`;
  process.stderr.write(
    `\r${p.task}: ${p.done}${of} documents (${p.deleted} deleted, ${p.versionConflicts} conflicts)   `
  );
}
function firstLine(s, request) {
  return s.formatRequest(request).split("\n")[0];
}
function printResult(head, r) {
  if (process.stderr.isTTY && lastProgress > 0) process.stderr.write("\n");
  process.stderr.write(`${head} \u2192 ${r.status}
`);
  if ((r.kind === "grid" || r.kind === "json") && r.partial) warnPartial(r.partial);
  switch (r.kind) {
    case "grid": {
      const shown5 = r.columns.filter(
        (c) => c.name === "_id" || r.rows.some((row) => row.cells[c.name] !== null && row.cells[c.name] !== void 0)
      );
      printTable(
        shown5.map((c) => c.name),
        r.rows.map((row) => shown5.map((c) => row.cells[c.name]))
      );
      printLine(
        `${r.rows.length} row${r.rows.length === 1 ? "" : "s"}${r.total === null ? "" : ` of ${r.total}`}`
      );
      return;
    }
    case "table":
      printTable(r.headers, r.rows);
      return;
    case "json":
      if (r.task) {
        printTask(r.task);
        return;
      }
      printLine(typeof r.raw === "string" ? r.raw : JSON.stringify(r.raw, null, 2));
      if (r.itemFailures) {
        const f = r.itemFailures;
        process.stderr.write(
          `error: ${f.failed} of ${f.total} items failed${f.failed < f.total ? "; the others were done" : ""}. First: ${f.first}
`
        );
      }
      return;
    case "error":
      process.stderr.write(`error: ${r.status} ${r.type}: ${r.reason}
`);
      return;
  }
}
function printTask(t) {
  const counts = [
    `${t.deleted} deleted`,
    ...t.updated ? [`${t.updated} updated`] : [],
    ...t.created ? [`${t.created} created`] : [],
    ...t.noops ? [`${t.noops} unchanged`] : [],
    `${t.versionConflicts} version conflict${t.versionConflicts === 1 ? "" : "s"}`,
    ...t.outcome !== "completed" && t.notAttempted !== null ? [`${t.notAttempted} not attempted`] : []
  ];
  const how = t.outcome === "stopped" ? "stopped early" : t.outcome;
  printLine(`task ${t.task} ${how}: ${counts.join(", ")} (of ${t.total ?? "?"})`);
  for (const f of t.failures)
    printLine(
      `  ${f.conflict ? "conflict" : "failed"}: ${f.index}/${f.id} ${f.status ?? ""} ${f.type}: ${f.reason}`
    );
  for (const f of t.searchFailures)
    printLine(`  search failure: ${f.index ?? ""} shard ${f.shard ?? "?"} ${f.type}: ${f.reason}`);
  if (t.error) printLine(`  task error: ${t.error.type}: ${t.error.reason}`);
  if (t.stop) {
    printLine(`  why: ${t.stop.reason}`);
    process.stderr.write(`${t.stop.remedy}
`);
  }
}

// src/cli/commands/delete-index.ts
import { createInterface } from "node:readline/promises";

// src/cli/commands/impact-print.ts
var MAX_LISTED = 20;
function impactLines(impact) {
  const lines = [`Impact: ${impact.summary}`];
  if (impact.unmeasured !== void 0) return lines;
  for (const t of impact.targets.slice(0, MAX_LISTED)) {
    const size = t.closed ? "closed" : [
      t.records === null ? null : `${countText(t.records)} records`,
      t.bytes === null ? null : bytesText(t.bytes)
    ].filter((x) => x !== null).join(", ");
    lines.push(`  ${t.name}${size ? `  ${size}` : ""}`);
  }
  if (impact.targets.length > MAX_LISTED)
    lines.push(`  and ${impact.targets.length - MAX_LISTED} more`);
  return lines;
}

// src/cli/commands/delete-index.ts
async function confirmTyped(question, expected, what, accept = (answer) => answer === expected) {
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    throw new QuarryError(
      "invalid_input",
      `Not confirmed: ${what}, and there is no terminal to ask`,
      "Run it in a terminal to confirm, or pass --yes in a script."
    );
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(question)).trim();
    if (!accept(answer)) {
      throw new QuarryError(
        "invalid_input",
        `Not confirmed: "${answer}" is not "${expected}"; nothing was sent`,
        `Type exactly ${expected} to confirm, or pass --yes.`
      );
    }
  } finally {
    rl.close();
  }
}
function registerDeleteIndexCommand(program3) {
  addConnectionFlags(
    program3.command("delete-index").description("delete one index, after showing the exact request and asking for confirmation").argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200").argument("<index>", "one concrete index (no wildcards, lists or _all)").option("--yes", "confirm without asking (for scripts)")
  ).action(async (conn, index, flags, cmd) => {
    const json = wantsJson(cmd);
    const plan = await withSession(conn, flags, async (s) => {
      const plan2 = s.planDeleteTable(index);
      if (!json)
        process.stderr.write(
          `This will send:

  ${s.formatRequest(plan2)}

and delete the index ${index} with all its documents.
`
        );
      if (!flags.yes) {
        const impact = await s.measureImpact(plan2);
        if (impact) for (const line of impactLines(impact)) process.stderr.write(`  ${line}
`);
        await confirmTyped(
          `Type the index name (${index}) to confirm: `,
          index,
          `deleting ${index}`
        );
      }
      await s.deleteTable(index, plan2);
      return plan2;
    });
    if (json) printJson({ deleted: index, request: plan });
    else printLine(`Deleted index ${index}.`);
  });
}

// src/cli/commands/console-confirm.ts
async function confirmDangerous(s, requests, flags) {
  const given = flags.indices?.split(",").map((n3) => n3.trim()).filter((n3) => n3 !== "");
  for (const { request, classification: c } of requests) {
    if (c.class === "read" || c.class === "write") continue;
    const head = firstLine(s, request);
    const impact = await s.measureImpact(request);
    const missing = missingConfirmation(impact, given);
    if (flags.yes) {
      if (missing && impact) throw namesNeeded(head, impact, missing);
      continue;
    }
    if (missing === "mismatch" && impact) throw namesNeeded(head, impact, missing);
    const kind = c.class === "admin" ? "An admin request: it " : "";
    process.stderr.write(`${head}
  ${kind}${c.reason}.
`);
    if (impact) for (const line of impactLines(impact)) process.stderr.write(`  ${line}
`);
    if (missing === "names" && impact) await confirmNames(head, impact);
    else await confirmTyped('Type "yes" to send it: ', "yes", `${head} ${c.reason}`);
  }
}
async function confirmNames(head, impact) {
  const n3 = impact.resolved.length;
  await confirmTyped(
    `It reaches ${n3} ${n3 === 1 ? "table" : "tables"} it does not name one by one. Type their names, separated by commas: `,
    impact.resolved.join(","),
    `${head} reaches ${namesText(impact.resolved)}`,
    (answer) => confirmsTargets(
      impact,
      answer.split(",").map((x) => x.trim()).filter((x) => x !== "")
    )
  );
}
function namesNeeded(head, impact, missing) {
  if (missing === "measurement")
    return new QuarryError(
      "invalid_input",
      `Not confirmed: ${head} names a pattern, and what it reaches could not be measured (${impact.unmeasured}); nothing was sent`,
      "Name each index in the path, or run it in a terminal to confirm it by hand."
    );
  return new QuarryError(
    "invalid_input",
    `Not confirmed: ${head} resolves to ${namesText(impact.resolved)}${missing === "names" ? ", more than it names" : ", not the names given in --indices"}; nothing was sent`,
    `Pass --indices ${impact.resolved.join(",")} (exactly these), or name them in the path.`,
    { resolved: impact.resolved }
  );
}

// src/cli/commands/console-requests.ts
import { readFile as readFile2 } from "node:fs/promises";
async function requestsFrom(s, method, path2, flags) {
  const check = (request) => ({
    request,
    classification: s.checkRequest(request)
  });
  if (flags.file !== void 0) {
    if (method || path2 || flags.body !== void 0 || flags.bodyFile !== void 0) {
      throw usage3(
        "--file takes the requests from the file",
        "Leave out the method, path and body, or leave out --file."
      );
    }
    const text2 = consoleText(
      s,
      flags.file === "-" ? await readStdin() : await readText(flags.file)
    );
    const blocks = s.parseConsoleText(text2, { variables: flags.variables ?? {} });
    const bad2 = blocks.filter((b) => b.error);
    if (bad2.length > 0) {
      const first = bad2[0]?.error;
      throw new QuarryError(
        "invalid_input",
        `${flags.file}: ${bad2.length} part${bad2.length === 1 ? " is" : "s are"} not a request; nothing was sent. ${first?.message} (line ${(first?.line ?? 0) + 1})`,
        first?.remedy ?? "Fix the text."
      );
    }
    if (blocks.length === 0)
      throw usage3(`${flags.file} holds no request`, "Write requests like: GET /my-index/_search");
    return blocks.map((b) => check(b.request));
  }
  if (!method || !path2)
    throw usage3(
      "give a method and a path (or --file)",
      "e.g. quarry console <conn> GET /_cat/indices?format=json"
    );
  if (flags.body !== void 0 && flags.bodyFile !== void 0)
    throw usage3("give --body or --body-file, not both", "Choose one.");
  const text = flags.body ?? (flags.bodyFile === void 0 ? void 0 : flags.bodyFile === "-" ? await readStdin() : await readText(flags.bodyFile));
  const known = s.parseConsoleText(`${method} /`)[0]?.request !== void 0;
  if (!known || /\s/.test(path2)) return [check({ method, path: path2 })];
  const [block] = s.parseConsoleText(`${method} ${path2}
${text ?? ""}`, {
    variables: flags.variables ?? {}
  });
  if (!block?.request)
    throw new QuarryError(
      "invalid_input",
      block?.error?.message ?? "The body cannot be read",
      block?.error?.remedy ?? "Fix the body."
    );
  return [check(block.request)];
}
function consoleText(s, text) {
  if (!/^\s*curl\s/.test(text)) return text;
  const { text: converted, notes: notes2 } = s.fromCurl(text);
  for (const note of notes2) process.stderr.write(`note: ${note}
`);
  return converted;
}
async function readText(file) {
  try {
    return await readFile2(file, "utf8");
  } catch (e) {
    throw usage3(
      `cannot read ${file} (${e.code ?? "error"})`,
      "Check the file's path."
    );
  }
}
function usage3(message, remedy) {
  return new QuarryError(
    "invalid_input",
    message.charAt(0).toUpperCase() + message.slice(1),
    remedy
  );
}

// src/cli/commands/console-variables.ts
import { join as join3 } from "node:path";
var collectVar = (value, previous = []) => [...previous, value];
async function variablesFor(conn, vars = []) {
  const overrides = Object.fromEntries(vars.map(parseVar));
  if (isUrl(conn)) return overrides;
  const storage = await openAppStorage();
  const id = (await storage.connections.require(conn)).id;
  const stored = await new ConsoleVariables(join3(appDataDir(), "console-variables")).list(id);
  return { ...variableValues(stored), ...overrides };
}
function parseVar(text) {
  const eq = text.indexOf("=");
  const name = eq === -1 ? text : text.slice(0, eq);
  if (eq === -1 || !VARIABLE_NAME.test(name))
    throw new QuarryError(
      "invalid_input",
      `--var ${text.slice(0, 60)} is not NAME=value`,
      "Write --var NAME=value, the name of letters, digits and _ (e.g. --var INDEX=orders)."
    );
  return [name, text.slice(eq + 1)];
}

// src/cli/commands/console.ts
function historyDir() {
  return join4(appDataDir(), "console-history");
}
function registerConsoleCommand(program3) {
  addConnectionFlags(
    program3.command("console").description(
      "send requests like Kibana's Dev Tools console: a method, a path and a JSON body"
    ).argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200").argument("[method]", "GET, POST, PUT, DELETE or HEAD").argument(
      "[path]",
      "relative to the cluster, e.g. /my-index/_search (a query string may follow)"
    ).option("--body <json>", "the JSON body (NDJSON text for _bulk and _msearch)").option("--body-file <file>", "read the body from a file (- for standard input)").option(
      "--file <file>",
      "Kibana Dev Tools text with one or more requests, or a curl command (- for standard input)"
    ).option(
      "--var <NAME=value>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the console's variable syntax
      "a value for ${NAME} in the requests, over the connection's stored variables (repeatable)",
      collectVar
    ).option("--yes", "run destructive and admin requests without asking (for scripts)").option(
      "--indices <names>",
      "confirm a destructive request on a wildcard, _all or an alias: every index it resolves to, comma-separated (its refusal lists them)"
    ).option("--curl", "print the requests as curl commands instead of sending them").option("--reveal-secrets", "with --curl: put the password or API key in the command").option("--no-history", "do not record the requests in the connection's history").option("--list-history", "print the connection's recent requests and exit")
  ).action(
    async (conn, method, path2, flags, cmd) => {
      const json = wantsJson(cmd);
      if (flags.listHistory) return listHistory(conn, flags, json);
      const ran = await withSession(conn, flags, async (s) => {
        const variables = await variablesFor(conn, flags.var);
        const requests = await requestsFrom(s, method, path2, { ...flags, variables });
        if (flags.curl) {
          for (const { request } of requests)
            printLine(s.toCurl(request, { reveal: flags.revealSecrets === true }));
          return void 0;
        }
        await confirmDangerous(s, requests, flags);
        return { count: requests.length, results: await runAll(s, conn, requests, flags, json) };
      });
      if (!ran) return;
      const { count: count2, results } = ran;
      if (json) printJson(count2 === 1 && !flags.file ? results[0] : results);
      if (results.some((r) => r.kind === "error" || r.kind === "json" && r.task?.error)) {
        process.exitCode = EXIT.failed;
      } else if (results.some(partlyDone)) {
        process.exitCode = EXIT.partial;
      }
    }
  );
}
async function listHistory(conn, flags, json) {
  const entries = await new ConsoleHistory(historyDir()).list(await historyKey(conn));
  if (json) printJson({ history: entries });
  else if (entries.length > 0)
    await withSession(conn, flags, async (s) => {
      for (const e of entries) printLine(`${e.at}  ${e.status ?? "-"}  ${firstLine(s, e.request)}`);
    });
}
async function runAll(s, conn, requests, flags, json) {
  const history = flags.history === false ? void 0 : new ConsoleHistory(historyDir());
  const key = history ? await historyKey(conn) : "";
  const out = [];
  for (const { request: r, classification } of requests) {
    const started = Date.now();
    let result;
    try {
      result = await s.runConsole(r, json ? {} : { onProgress: showProgress });
      out.push(result);
    } finally {
      await history?.add(key, {
        at: new Date(started).toISOString(),
        request: r,
        status: result?.status ?? null,
        durationMs: Date.now() - started,
        classification: classification.class
      }).catch(() => {
      });
    }
    if (!json) printResult(firstLine(s, r), result);
    if (result.kind === "error" || partlyDone(result)) break;
  }
  return out;
}
async function historyKey(conn) {
  if (isUrl(conn)) {
    const u = new URL(conn);
    return `url:${u.protocol}//${u.host}`;
  }
  const storage = await openAppStorage();
  return (await storage.connections.require(conn)).id;
}

// src/cli/commands/copy.ts
import { join as join5 } from "node:path";

// src/cli/commands/export.ts
var collect2 = (value, previous) => [...previous, value];
function wholeNumber2(flag, text) {
  if (text === void 0) return void 0;
  if (!/^\d+$/.test(text)) {
    throw new QuarryError(
      "invalid_input",
      `${flag}: "${text}" is not a whole number`,
      `Give ${flag} a number, e.g. ${flag} 4.`
    );
  }
  return Number(text);
}
function registerExportCommand(program3) {
  addConnectionFlags(
    program3.command("export").description("export a whole table, or the filtered rows, to NDJSON (for _bulk), CSV or JSON").argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200").argument("<table>", "an index, alias, pattern (logs-*) or comma list").requiredOption("--format <format>", "ndjson | csv | json").requiredOption(
      "--out <file>",
      "the file to write; - for standard output; a device or FIFO is written through"
    ).option(
      "--filter <expr>",
      'a column filter as in quarry browse, e.g. "status = paid" (repeatable)',
      collect2,
      []
    ).option("--raw <query>", "the Raw SQL filter: Lucene query_string text across all fields").option("--slices <n>", "parallel sliced searches (default: one per shard, up to 4)").option("--batch-size <n>", "documents per request (default 5000, at most 10000)").option(
      "--keep-alive <time>",
      "how long the cluster keeps the export's snapshot between two requests (default 5m)"
    ).option("--resume", "continue an interrupted export to the same file").option("--force", "replace an existing file, or start an interrupted export over")
  ).action(
    (conn, table, flags, cmd) => runExport(conn, table, flags, wantsJson(cmd))
  );
}
function optionsFrom(flags) {
  const format = flags.format;
  if (!EXPORT_FORMATS.includes(format)) {
    throw new QuarryError(
      "invalid_input",
      `--format: "${flags.format}" is not an export format`,
      `Use one of ${EXPORT_FORMATS.join(", ")}.`
    );
  }
  const filters = flags.filter.map((text) => {
    const p = parseFilter(text);
    if (p.attachedGroup !== void 0) {
      throw new QuarryError(
        "invalid_input",
        `--filter "${text}": write the element group after a space`,
        'e.g. --filter "items.sku = KB-01 @1"'
      );
    }
    return p.row;
  });
  const slices = wholeNumber2("--slices", flags.slices);
  const batchSize = wholeNumber2("--batch-size", flags.batchSize);
  return {
    format,
    out: flags.out,
    ...flags.out === "-" ? { sink: stdoutSink() } : {},
    filters,
    ...flags.raw !== void 0 ? { rawQuery: flags.raw } : {},
    ...slices !== void 0 ? { slices } : {},
    ...batchSize !== void 0 ? { batchSize } : {},
    ...flags.keepAlive !== void 0 ? { keepAlive: flags.keepAlive } : {},
    resume: flags.resume === true,
    overwrite: flags.force === true
  };
}
async function runExport(conn, table, flags, json) {
  const options = optionsFrom(flags);
  const toStdout = flags.out === "-";
  const say = toStdout ? process.stderr : process.stdout;
  const controller = new AbortController();
  const onInterrupt = () => {
    process.stderr.write("\nstopping after the batches in flight\u2026\n");
    controller.abort();
  };
  process.once("SIGINT", onInterrupt);
  try {
    const report = await withSession(
      conn,
      flags,
      (s) => exportTable(s, table, {
        ...options,
        signal: controller.signal,
        onProgress: json ? void 0 : showProgress2
      })
    );
    endProgress();
    if (json) printJson(report, say);
    else {
      const seconds = report.durationMs / 1e3;
      say.write(
        `Exported ${report.written.toLocaleString("en-US")} of ${report.expected.toLocaleString("en-US")} documents to ${toStdout ? "standard output" : report.out} (${options.format}, ${report.slices} slice${report.slices === 1 ? "" : "s"}, ${seconds.toFixed(1)} s, ${Math.round(report.written / Math.max(seconds, 1e-3)).toLocaleString("en-US")} docs/s)${report.resumed ? ", resumed" : ""}.
`
      );
    }
  } catch (e) {
    endProgress();
    if (!toStdout) throw e;
    process.exitCode = reportError(e, json, process.stderr);
  } finally {
    process.removeListener("SIGINT", onInterrupt);
  }
}
function stdoutSink() {
  return {
    name: "standard output",
    write: (chunk) => new Promise((resolve2, reject) => {
      process.stdout.write(chunk, (e) => e ? reject(e) : resolve2());
    })
  };
}
var shown2 = false;
var last = 0;
var lastDone = -1;
var tty = () => process.stderr.isTTY === true;
function showProgress2(p) {
  const now = Date.now();
  if (p.done === lastDone || now - last < (tty() ? 200 : 5e3) && p.done < p.total) return;
  last = now;
  lastDone = p.done;
  const pct2 = p.total > 0 ? ` (${(p.done / p.total * 100).toFixed(1)}%)` : "";
  const eta = p.etaSeconds === null ? "" : `, ${formatSeconds(p.etaSeconds)} left`;
  const line = `${p.done.toLocaleString("en-US")} of ${p.total.toLocaleString("en-US")} documents${pct2}, ${p.rate.toLocaleString("en-US")} docs/s${eta}`;
  process.stderr.write(tty() ? `\r${line}   ` : `${line}
`);
  shown2 = true;
}
function endProgress() {
  if (shown2 && tty()) process.stderr.write("\n");
  shown2 = false;
}
function formatSeconds(s) {
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

// src/cli/commands/copy.ts
function splitEnd(text, flag) {
  const at = text.lastIndexOf("/");
  const conn = text.slice(0, at);
  const table = text.slice(at + 1);
  if (at <= 0 || table === "" || conn.endsWith("/")) {
    throw new QuarryError(
      "invalid_input",
      `${flag}: "${text}" is not <connection>/<index>`,
      "Write the saved connection's name (or its URL), a slash and the index, e.g. prod/orders or http://localhost:9200/orders."
    );
  }
  return { conn, table };
}
function count(flag, text) {
  if (text === void 0) return void 0;
  if (!/^[1-9]\d*$/.test(text))
    throw new QuarryError(
      "invalid_input",
      `${flag}: "${text}" is not a whole number above 0`,
      `Give ${flag} a number, e.g. ${flag} 4.`
    );
  return Number(text);
}
function registerCopyCommand(program3) {
  addConnectionFlags(
    program3.command("copy").description(
      "copy an index (its settings, mapping and documents) to a new index, on any cluster"
    ).argument("<from>", "<connection>/<index>, e.g. prod/orders").argument("<to>", "<connection>/<index>, e.g. laptop/orders").option("--append", "add to a target that already holds documents (taken _ids are reported)").option("--overwrite", "delete the target index first (asks for its name)").option("--resume", "go on with an interrupted copy between the same two indices").option("--yes", "confirm --overwrite without asking (for scripts)").option("--batch-size <n>", "documents per read and per _bulk write (default 1000)").option(
      "--slices <n>",
      "parallel sliced reads of the source (default: one per shard, up to 4)"
    )
  ).action(
    (from, to, flags, cmd) => runCopy(from, to, flags, wantsJson(cmd))
  );
}
async function runCopy(from, to, flags, json) {
  const source = splitEnd(from, "<from>");
  const target = splitEnd(to, "<to>");
  if ((flags.append || flags.resume) && flags.overwrite)
    throw new QuarryError(
      "invalid_input",
      `${flags.append ? "--append" : "--resume"} and --overwrite cannot go together`,
      "Choose one: --append adds to the target, --resume goes on with an interrupted copy, --overwrite replaces the target."
    );
  const batchSize = count("--batch-size", flags.batchSize);
  const slices = count("--slices", flags.slices);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  try {
    const report = await withSession(
      source.conn,
      flags,
      (s) => withSession(target.conn, flags, async (t) => {
        if (flags.overwrite) await replaceTarget(t, target.table, flags.yes === true, json);
        return copyTable(
          { session: s, table: source.table, connection: source.conn },
          { session: t, table: target.table, connection: target.conn },
          {
            ...flags.append ? { append: true } : {},
            ...batchSize !== void 0 ? { batchSize } : {},
            ...slices !== void 0 ? { slices } : {},
            signal: controller.signal,
            workDir: join5(appDataDir(), "transfers"),
            ...flags.resume ? { resume: true } : {},
            onPlan: (plan) => {
              if (json) return;
              process.stderr.write(
                `Creating the target:

  ${t.formatRequest(plan.request).replaceAll("\n", "\n  ")}

`
              );
              for (const note of plan.notes) process.stderr.write(`  note: ${note}
`);
            },
            ...json ? {} : { onProgress: showProgress2 }
          }
        );
      })
    );
    endProgress();
    if (json) printJson(report);
    else printReport(report);
    if (report.failedCount > 0) process.exitCode = 1;
  } finally {
    endProgress();
    process.removeListener("SIGINT", onInterrupt);
  }
}
async function replaceTarget(t, table, yes, json) {
  const state = await t.tableState(table);
  if (!state.exists) return;
  const plan = t.planDeleteTable(table);
  if (!json)
    process.stderr.write(
      `--overwrite will first send:

  ${t.formatRequest(plan)}

and delete ${table} with its ${state.records ?? 0} documents.
`
    );
  if (!yes)
    await confirmTyped(`Type the index name (${table}) to confirm: `, table, `replacing ${table}`);
  await t.deleteTable(table, plan);
}
var n = (x) => x.toLocaleString("en-US");
function printReport(r) {
  const seconds = r.durationMs / 1e3;
  process.stdout.write(
    `${r.resumed ? "Resumed: copied" : "Copied"} ${n(r.written)} of ${n(r.expected)} documents from ${r.source} to ${r.target}${r.created ? " (created)" : ""} in ${seconds.toFixed(1)} s (${n(Math.round(r.written / Math.max(seconds, 1e-3)))} docs/s, ${r.slices} slice${r.slices === 1 ? "" : "s"}); the target holds ${n(r.targetRecords)}.
`
  );
  if (r.failedCount === 0) return;
  process.stdout.write(`${n(r.failedCount)} documents failed:
`);
  for (const f of r.failed.slice(0, 20))
    process.stdout.write(`  _id ${f.key ?? "(none)"}: ${f.status} ${f.reason}
`);
  if (r.failedCount > 20) process.stdout.write(`  \u2026 and ${n(r.failedCount - 20)} more
`);
  process.stdout.write(`Every failed document, with its _id and reason: ${r.failuresFile}
`);
}

// src/cli/commands/import.ts
import { join as join6 } from "node:path";
function registerImportCommand(program3) {
  addConnectionFlags(
    program3.command("import").description(
      "load a file of documents (NDJSON, _bulk body, search hits, JSON array, CSV) into an index"
    ).argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200").argument("<index>", "the index to load (created when it does not exist)").requiredOption("--in <file>", "the file to read; - for standard input").option(
      "--mode <mode>",
      "create (only new _ids), index (new or replacing) or update (existing documents)",
      "create"
    ).option("--batch-size <n>", "documents per _bulk request (default 1000)").option(
      "--format <format>",
      `${IMPORT_FORMATS.join(", ")} (default: from the file's extension, else its first character)`
    ).option("--id-column <name>", "CSV: the column that gives each document's _id (default _id)").option("--yes", "CSV into a new index: create it with the mapping shown, without asking").option("--resume", "go on with an interrupted import of the same file")
  ).action(
    (conn, index, flags, cmd) => runImport(conn, index, flags, wantsJson(cmd))
  );
}
function modeOf(text) {
  if (!LOAD_MODES.includes(text))
    throw new QuarryError(
      "invalid_input",
      `--mode: "${text}" is not an import mode`,
      `Use one of ${LOAD_MODES.join(", ")}.`
    );
  return text;
}
function batchOf(text) {
  if (text === void 0) return void 0;
  if (!/^[1-9]\d*$/.test(text))
    throw new QuarryError(
      "invalid_input",
      `--batch-size: "${text}" is not a whole number above 0`,
      "Give --batch-size a number, e.g. --batch-size 500."
    );
  return Number(text);
}
function showPlan(plan, format) {
  if (plan.fields) {
    process.stderr.write(
      `The index does not exist. Its fields, inferred from the first ${plan.inferredFrom} rows:
`
    );
    for (const [field2, kind] of Object.entries(plan.fields))
      process.stderr.write(`  ${field2}: ${kind}
`);
  }
  process.stderr.write(`Creating the index:

  ${format(plan.request)}

`);
  for (const note of plan.notes) process.stderr.write(`  note: ${note}
`);
}
function confirmer(yes, index, fromStdin) {
  if (yes) return async () => {
  };
  if (fromStdin || !process.stdin.isTTY || !process.stderr.isTTY) return void 0;
  return () => confirmTyped(
    `Create ${index} with this mapping and import? Type yes to confirm: `,
    "yes",
    `creating ${index}`,
    (answer) => /^y(es)?$/i.test(answer)
  );
}
async function runImport(conn, index, flags, json) {
  const mode = modeOf(flags.mode);
  const batchSize = batchOf(flags.batchSize);
  const format = flags.format === void 0 ? void 0 : formatOf(flags.format);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  let planned;
  const confirmCreate = confirmer(flags.yes === true, index, flags.in === "-");
  try {
    const report = await withSession(
      conn,
      flags,
      (s) => importFile(s, index, {
        input: flags.in === "-" ? { stream: process.stdin, name: "standard input" } : { path: flags.in },
        mode,
        ...format ? { format } : {},
        ...flags.idColumn !== void 0 ? { idColumn: flags.idColumn } : {},
        ...batchSize !== void 0 ? { batchSize } : {},
        ...flags.resume ? { resume: true } : {},
        ...confirmCreate ? { confirmCreate } : {},
        workDir: join6(appDataDir(), "transfers"),
        signal: controller.signal,
        onPlan: (plan) => {
          planned = plan;
          if (!json) showPlan(plan, (r) => s.formatRequest(r));
        },
        ...json ? {} : { onProgress: showProgress3 }
      })
    );
    endProgress2();
    if (json) printJson(planned ? { ...report, plan: planned } : report);
    else printReport2(report);
    if (report.failedCount > 0) process.exitCode = 1;
  } finally {
    endProgress2();
    process.removeListener("SIGINT", onInterrupt);
  }
}
var shown3 = false;
var last2 = 0;
function showProgress3(p) {
  const now = Date.now();
  const tty2 = process.stderr.isTTY === true;
  if (now - last2 < (tty2 ? 200 : 5e3)) return;
  last2 = now;
  const share = p.total ? ` (${(p.done / p.total * 100).toFixed(1)}% of the file)` : "";
  const eta = p.etaSeconds === null || p.total === null ? "" : `, ${p.etaSeconds} s left`;
  const line = `${p.written.toLocaleString("en-US")} documents written${p.failed ? `, ${p.failed} failed` : ""}${share}${eta}`;
  process.stderr.write(tty2 ? `\r${line}   ` : `${line}
`);
  shown3 = true;
}
function endProgress2() {
  if (shown3 && process.stderr.isTTY) process.stderr.write("\n");
  shown3 = false;
}
var n2 = (x) => x.toLocaleString("en-US");
function where(r, f) {
  if (r.origins === "lines") return `line ${f.origin}`;
  return `element ${f.origin}${f.startLine !== void 0 ? ` (line ${f.startLine})` : ""}`;
}
function printReport2(r) {
  const seconds = r.durationMs / 1e3;
  const read = `${r.format === "json" ? `${r.shape ?? "empty"} in a JSON array` : r.shape ?? "empty"}, ${n2(r.lines)} ${r.origins}`;
  process.stdout.write(
    `${r.resumed ? "Resumed: imported" : "Imported"} ${n2(r.written)} documents from ${r.input} (${read}) into ${r.table}${r.created ? " (created)" : ""} in ${seconds.toFixed(1)} s; it holds ${n2(r.tableRecords)}.
`
  );
  for (const note of r.notes) process.stdout.write(`  note: ${note}
`);
  if (r.failedCount === 0) return;
  const one = r.origins === "lines" ? "line" : "element";
  process.stdout.write(
    `${n2(r.failedCount)} ${r.failedCount === 1 ? one : r.origins} not imported:
`
  );
  for (const f of r.failed.slice(0, 20))
    process.stdout.write(
      `  ${where(r, f)}${f.key ? ` (_id ${f.key})` : ""}: ${f.status ? `${f.status} ` : ""}${f.reason}
`
    );
  if (r.failedCount > 20) process.stdout.write(`  \u2026 and ${n2(r.failedCount - 20)} more
`);
  process.stdout.write(`Every ${one} not imported, with its reason: ${r.failuresFile}
`);
}

// src/cli/commands/index/run-action.ts
async function runIndexAction(conn, input, flags, cmd, done) {
  const json = wantsJson(cmd);
  const outcome = await withSession(conn, flags, async (s) => {
    const plan2 = await tableAdminOf(s).plan(input);
    if (!json)
      process.stderr.write(
        `This will send:

  ${s.formatRequest(plan2.request).replaceAll("\n", "\n  ")}

It ${plan2.summary}.
`
      );
    let typed;
    if (plan2.confirmName !== null) {
      if (flags.yes) typed = plan2.confirmName;
      else {
        const impact = await s.measureImpact(plan2.request);
        if (impact) for (const line of impactLines(impact)) process.stderr.write(`  ${line}
`);
        await confirmTyped(
          `Type the index name (${plan2.confirmName}) to confirm: `,
          plan2.confirmName,
          `${input.action} ${plan2.confirmName}`
        );
        typed = plan2.confirmName;
      }
    }
    return runTableAction(s, input, { confirmed: plan2.request, ...typed ? { typed } : {} });
  });
  const { plan, result } = outcome;
  if (result.kind === "error") throw clusterRefusal(result);
  if (json)
    printJson({
      action: input.action,
      index: input.table,
      request: plan.request,
      status: result.status,
      answer: result.raw
    });
  else printLine(done);
}
function clusterRefusal(result) {
  return new QuarryError(
    "cluster_error",
    `The cluster refused it (HTTP ${result.status}, ${result.type}): ${result.reason}`,
    "Nothing was changed by this request; fix what the cluster names, then run it again.",
    { status: result.status, type: result.type }
  );
}

// src/cli/commands/index/actions.ts
var SIMPLE = [
  { name: "open", action: "open", what: "open a closed index", done: "Opened" },
  { name: "close", action: "close", what: "close an index (asks for its name)", done: "Closed" },
  { name: "refresh", action: "refresh", what: "make recent changes searchable", done: "Refreshed" },
  { name: "flush", action: "flush", what: "write recent changes to disk", done: "Flushed" },
  {
    name: "clear-cache",
    action: "clear-cache",
    what: "clear an index's caches",
    done: "Cleared the caches of"
  },
  {
    name: "delete",
    action: "delete",
    what: "delete an index (asks for its name)",
    done: "Deleted"
  }
];
var withConn = (c) => c.argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200");
function registerActions(group) {
  for (const s of SIMPLE) {
    addConnectionFlags(
      withConn(group.command(s.name).description(s.what)).argument("<index>", "one concrete index").option("--yes", "confirm without asking (for scripts)")
    ).action(
      (conn, index, flags, cmd) => runIndexAction(
        conn,
        { action: s.action, table: index },
        flags,
        cmd,
        `${s.done} index ${index}.`
      )
    );
  }
  addConnectionFlags(
    withConn(group.command("forcemerge").description("merge an index's segments")).argument("<index>", "one concrete index").option("--max-segments <n>", "segments per shard to merge down to", "1")
  ).action(
    (conn, index, flags, cmd) => runIndexAction(
      conn,
      { action: "compact", table: index, maxSegments: Number(flags.maxSegments) },
      flags,
      cmd,
      `Force-merged index ${index}.`
    )
  );
  addConnectionFlags(
    withConn(
      group.command("reindex").description("copy an index into a new index (asks for the new name)")
    ).argument("<index>", "the index to copy").argument("<new-index>", "the new index the documents are copied into").option("--yes", "confirm without asking (for scripts)")
  ).action(
    (conn, index, target, flags, cmd) => runIndexAction(
      conn,
      { action: "copy", table: index, target },
      flags,
      cmd,
      `Copied ${index} into ${target}.`
    )
  );
  const alias = group.command("alias").description("add or remove an alias of an index");
  for (const op of ["add", "remove"]) {
    addConnectionFlags(
      withConn(alias.command(op).description(`${op} an alias`)).argument("<index>", "one concrete index").argument("<alias>", "the alias")
    ).action(
      (conn, index, name, flags, cmd) => runIndexAction(
        conn,
        { action: op === "add" ? "alias-add" : "alias-remove", table: index, alias: name },
        flags,
        cmd,
        op === "add" ? `Added alias ${name} to ${index}.` : `Removed alias ${name} from ${index}.`
      )
    );
  }
}

// src/cli/commands/index/create.ts
import { readFile as readFile3 } from "node:fs/promises";
function registerCreate(group) {
  addConnectionFlags(
    group.command("create").description("create an index, after printing the exact request").argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200").argument("<index>", "the new index's name").option("--shards <n>", "primary shards").option("--replicas <n>", "replicas of each shard").option("--field <name:type>", "a field and its type (repeat it)", collect3, []).option(
      "--body <json|@file>",
      "settings, mappings and aliases as JSON (instead of the flags)"
    )
  ).action(async (conn, index, flags, cmd) => {
    const input = { action: "create", table: index };
    if (flags.body !== void 0) input.definition = await definition(flags.body);
    else {
      if (flags.shards !== void 0) input.partitions = Number(flags.shards);
      if (flags.replicas !== void 0) input.replicas = Number(flags.replicas);
      if (flags.field?.length) input.fields = flags.field.map(field);
    }
    await runIndexAction(conn, input, flags, cmd, `Created index ${index}.`);
  });
}
function collect3(value, previous) {
  return [...previous, value];
}
function field(text) {
  const at = text.lastIndexOf(":");
  if (at <= 0)
    throw new QuarryError(
      "invalid_input",
      `--field ${text} names no type`,
      "Write it as name:type, e.g. --field title:text."
    );
  return { name: text.slice(0, at), type: text.slice(at + 1) };
}
async function definition(text) {
  const source = text.startsWith("@") ? await readFile3(text.slice(1), "utf8") : text;
  try {
    return JSON.parse(source);
  } catch (e) {
    throw new QuarryError(
      "invalid_input",
      `--body is not JSON: ${e.message}`,
      'Give a JSON object such as {"settings":{"number_of_shards":1}}, or @file.json.'
    );
  }
}

// src/cli/commands/index/show.ts
function registerShow2(group) {
  addConnectionFlags(
    group.command("show").description("an index's state, statistics, aliases and shards (reads only)").argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200").argument("<index>", "one index").option("--settings", "print its settings as JSON").option("--mapping", "print its mapping as JSON")
  ).action(async (conn, index, flags, cmd) => {
    const details = await withSession(conn, flags, (s) => tableAdminOf(s).details(index));
    if (wantsJson(cmd)) return printJson(details);
    if (flags.settings) return printJson(details.settings);
    if (flags.mapping) return printJson(details.schema);
    printDetails(details);
  });
  addConnectionFlags(
    group.command("templates").description(
      "index templates, ILM policies, snapshot repositories and snapshots (reads only)"
    ).argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
  ).action(async (conn, flags, cmd) => {
    const objects = await withSession(conn, flags, (s) => tableAdminOf(s).objects());
    if (wantsJson(cmd)) return printJson(objects);
    printList("Index templates", objects.templates);
    printList("ILM policies", objects.lifecyclePolicies);
    printList("Snapshot repositories", objects.backupRepositories);
    printList("Snapshots", objects.backups);
  });
}
function printDetails(d) {
  const s = d.stats;
  const num = (n3) => n3 === null || n3 === void 0 ? "?" : n3.toLocaleString("en-US");
  printLine(`Index ${d.name}: ${d.state ?? "unknown state"}, health ${d.health ?? "unknown"}`);
  if (s)
    printLine(
      `Documents ${num(s.docs)}, deleted ${num(s.deletedDocs)}, size ${s.sizeBytes === null ? "?" : bytesText(s.sizeBytes)}, segments ${num(s.segments)}, primary shards ${num(s.primaries)}, replicas ${num(s.replicas)}`
    );
  printLine(`Aliases: ${d.aliases.map((a) => a.name).join(", ") || "none"}`);
  printLine(`Reindex: ${d.copy.available ? "available" : d.copy.note ?? "not available"}`);
  for (const n3 of d.notes) printLine(`Note: ${n3}`);
  printLine();
  printTable(
    ["shard", "role", "state", "docs", "size", "node"],
    d.partitions.map((p) => [
      p.partition,
      p.primary ? "primary" : "replica",
      p.state,
      p.docs,
      p.sizeBytes === null ? "" : bytesText(p.sizeBytes),
      p.node ?? p.unassignedReason ?? ""
    ])
  );
}
function printList(title, list) {
  printLine(`${title}:`);
  if (!list.available) printLine(`  ${list.note ?? "not available on this cluster"}`);
  else if (list.items.length === 0) printLine("  none");
  for (const o of list.items) printLine(`  ${o.name}${o.kind ? ` (${o.kind})` : ""}: ${o.summary}`);
  if (list.available && list.note) printLine(`  ${list.note}`);
  printLine();
}

// src/cli/commands/index/index.ts
function registerIndexCommands(program3) {
  const group = program3.command("index").description("an index's details and everyday actions, each request shown before it is sent");
  registerShow2(group);
  registerCreate(group);
  registerActions(group);
}

// src/cli/commands/mcp/approvals.ts
function registerApprovals(group) {
  group.command("approvals").description(
    "requests waiting for your approval (connections set to Ask Each Time, destructive and admin requests)"
  ).action(async (_flags, cmd) => {
    const dir = await ensureAppDataDir();
    const pending = await listPendingApprovals(dir);
    if (wantsJson(cmd)) {
      printJson({ pending });
      return;
    }
    if (pending.length === 0) {
      printLine("Nothing is waiting for your approval.");
      return;
    }
    for (const p of pending) {
      printLine(
        `${p.id}  ${p.reason === "destructive" || p.reason === "admin" ? `${p.reason.toUpperCase()} ` : ""}${p.target} on "${p.connection.name}" by token "${p.tokenName}"${p.clientName ? ` (${p.clientName})` : ""}, waits until ${p.expiresAt.slice(11, 19)}`
      );
      if (p.request) {
        printLine(`    ${p.request.method} ${p.request.path}`);
        if (p.request.body)
          for (const line of p.request.body.split("\n")) printLine(`    ${line}`);
      }
      if (p.impact) for (const line of impactLines(p.impact)) printLine(`    ${line}`);
      if (p.note) printLine(`    The client says: ${p.note}`);
    }
    printLine();
    printLine(
      "Answer with: quarry mcp approve <id> [--once | --for 8h]   or   quarry mcp deny <id>"
    );
  });
}

// src/cli/commands/mcp/shared.ts
async function requirePending(dir, id) {
  const pending = await listPendingApprovals(dir);
  const p = pending.find((x) => x.id === id.trim());
  if (!p)
    throw errors.invalidConfig(
      "Approval",
      `nothing with id "${id}" is waiting`,
      pending.length ? `Waiting: ${pending.map((x) => x.id).join(", ")} (quarry mcp approvals).` : "Nothing is waiting (it may have timed out or been answered)."
    );
  return p;
}
function registerSwitch(group, name) {
  const enabled = name === "enable";
  group.command(name).description(
    `${enabled ? "turn on" : "turn off"} the MCP server (the running app follows at once)`
  ).action(async (_flags, cmd) => {
    const dir = await ensureAppDataDir();
    const s = await new McpSettingsStore(dir).update((x) => {
      x.enabled = enabled;
    });
    if (wantsJson(cmd)) printJson(s);
    else
      printLine(
        enabled ? "MCP server enabled. A running Quarry starts it now (quarry mcp status shows the port)." : "MCP server disabled. A running Quarry stops it now; clients are refused until you enable it."
      );
  });
}

// src/cli/commands/mcp/approve.ts
function registerApprove(group) {
  group.command("approve").description(
    `approve a waiting request; the same token may then use that connection for ${GRANT_MS / 36e5} h without asking (destructive and admin requests are approved once)`
  ).argument("<id>", "the approval's id (quarry mcp approvals)").option("--once", "approve only this request").option("--for <lifetime>", "how long the approval lasts, e.g. 15m or 8h (at most 24h)").action(async (id, flags, cmd) => {
    const dir = await ensureAppDataDir();
    let grantMs = GRANT_MS;
    if (flags.once) grantMs = 0;
    else if (flags.for) {
      const ms = parseLifetime(flags.for);
      if (!ms || ms > 24 * 36e5)
        throw errors.invalidConfig(
          "--for",
          `"${flags.for}" is not a lifetime up to 24h`,
          "Give e.g. 15m, 1h or 8h."
        );
      grantMs = ms;
    }
    const p = await requirePending(dir, id);
    await writeApprovalAnswer(dir, p.id, { approve: true, grantMs });
    if (wantsJson(cmd)) printJson({ id: p.id, approved: true, grantMs });
    else printLine(`Approved ${p.target} on "${p.connection.name}".`);
  });
}

// src/cli/commands/mcp/audit.ts
function registerAudit(group) {
  group.command("audit").description("the calls AI clients made: who, what, on which connection, allowed or refused").option("--limit <n>", "the newest N entries", "50").option("--token <name>", "only this token's calls").option("--connection <name>", "only calls on this connection").option("--refused", "only refused and failed calls").option("--verify", "check that no line was edited, removed or moved since it was written").action(
    async (flags, cmd) => {
      const dir = await ensureAppDataDir();
      if (flags.verify) {
        printVerification(await verifyAudit(dir), wantsJson(cmd));
        return;
      }
      const entries = await readAudit(dir, {
        limit: Math.max(1, Number(flags.limit) || 50),
        ...flags.token ? { token: flags.token } : {},
        ...flags.connection ? { connection: flags.connection } : {},
        ...flags.refused ? { problemsOnly: true } : {}
      });
      if (wantsJson(cmd)) {
        printJson({ entries });
        return;
      }
      if (entries.length === 0) {
        printLine("No MCP calls recorded yet.");
        return;
      }
      printTable(
        ["TIME", "TOKEN", "CALL", "CONNECTION", "REQUEST", "OUTCOME", "MS", "BYTES"],
        entries.map((e) => [
          e.at.replace("T", " ").slice(0, 19),
          e.token ?? "-",
          e.target ? `${e.method} ${e.target}` : e.method,
          e.connection?.name ?? "",
          e.request ? `${e.request.class} ${e.request.method} ${e.request.path}` : e.class ?? "",
          e.outcome === "refused" ? `refused (${e.layer ?? e.code})` : e.approval ? `${e.outcome} (${e.approval})` : e.outcome,
          e.durationMs,
          e.resultBytes ?? ""
        ]),
        48
      );
    }
  );
}
function printVerification(report, json) {
  if (!report.holds) process.exitCode = EXIT.failed;
  if (json) {
    printJson(report);
    return;
  }
  const before = report.unlinked ? ` (${report.unlinked} of them written before the chain began, without links)` : "";
  if (report.holds) {
    printLine(`The audit chain holds: ${report.lines} lines${before}.`);
    return;
  }
  const at = report.breaks;
  printLine(`The audit chain breaks at ${at.file} line ${at.line}: ${at.problem}.`);
  printLine(
    "The audit log was changed after Quarry wrote it. Keep a copy of both audit files as they are; Quarry goes on appending and linking new lines."
  );
}

// src/cli/commands/mcp/deny.ts
function registerDeny(group) {
  group.command("deny").description(
    "deny a waiting request (for 60 s that token's requests on that connection that would ask are refused without asking)"
  ).argument("<id>", "the approval's id (quarry mcp approvals)").action(async (id, _flags, cmd) => {
    const dir = await ensureAppDataDir();
    const p = await requirePending(dir, id);
    await writeApprovalAnswer(dir, p.id, { approve: false });
    if (wantsJson(cmd)) printJson({ id: p.id, approved: false });
    else printLine(`Denied ${p.target} on "${p.connection.name}".`);
  });
}

// src/cli/commands/mcp/disable.ts
function registerDisable(group) {
  registerSwitch(group, "disable");
}

// src/cli/commands/mcp/enable.ts
function registerEnable(group) {
  registerSwitch(group, "enable");
}

// src/cli/commands/mcp/limits.ts
function registerLimits(group) {
  group.command("limits").description("show or change the per-token limits").option("--requests-per-minute <n>", "requests one token may send in any 60 seconds").option("--concurrent <n>", "requests one token may have in flight").option("--approval-timeout <seconds>", "how long a call waits for your approval").action(
    async (flags, cmd) => {
      const dir = await ensureAppDataDir();
      const num = (v, field2) => {
        const n3 = Number(v);
        if (!Number.isInteger(n3) || n3 < 1)
          throw errors.invalidConfig(
            field2,
            `"${v}" is not a positive whole number`,
            "Give e.g. 600."
          );
        return n3;
      };
      const s = await new McpSettingsStore(dir).update((x) => {
        if (flags.requestsPerMinute)
          x.limits.requestsPerMinute = num(flags.requestsPerMinute, "Requests per minute");
        if (flags.concurrent)
          x.limits.concurrentRequests = num(flags.concurrent, "Concurrent requests");
        if (flags.approvalTimeout)
          x.limits.approvalTimeoutSeconds = num(flags.approvalTimeout, "Approval timeout");
      });
      if (wantsJson(cmd)) printJson(s.limits);
      else
        printLine(
          `Per token: ${s.limits.requestsPerMinute} requests a minute, ${s.limits.concurrentRequests} at once; approvals wait ${s.limits.approvalTimeoutSeconds} s.`
        );
    }
  );
}

// src/cli/commands/mcp/port.ts
function registerPort(group) {
  group.command("port").description("set the preferred port (if it is taken the server uses any free port)").argument("<port>", "1 to 65535").action(async (port, _flags, cmd) => {
    const dir = await ensureAppDataDir();
    const n3 = parsePort(port);
    const s = await new McpSettingsStore(dir).update((x) => {
      x.preferredPort = n3;
    });
    if (wantsJson(cmd)) printJson(s);
    else printLine(`Preferred port set to ${n3}. A running Quarry moves there now.`);
  });
}

// src/cli/commands/mcp/probe.ts
import { randomBytes } from "node:crypto";
async function probeRunningServer(dir) {
  const hs = await readHandshake(dir);
  if (!hs)
    return {
      running: false,
      reason: "no handshake file (the app or its MCP server is not running)"
    };
  if (!isAlive(hs.pid)) return { running: false, reason: `the app (pid ${hs.pid}) is not running` };
  const proven = await proveEndpoint(hs).catch(() => false);
  if (!proven)
    return {
      running: false,
      reason: `port ${hs.port} did not prove it is this Quarry (a leftover handshake file?)`
    };
  return {
    running: true,
    port: hs.port,
    url: hs.url,
    pid: hs.pid,
    since: hs.startedAt,
    protocolVersions: hs.protocolVersions
  };
}
async function proveEndpoint(hs) {
  const challenge = randomBytes(24).toString("base64url");
  const res = await fetch(`http://127.0.0.1:${hs.port}${PROOF_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ challenge }),
    signal: AbortSignal.timeout(3e3)
  });
  if (!res.ok) return false;
  return verifyProof(hs, challenge, await res.json());
}

// src/cli/commands/mcp/status.ts
function registerStatus2(group) {
  group.command("status").description("whether the MCP server runs, and on which port").action(async (_flags, cmd) => {
    const dir = await ensureAppDataDir();
    const settings = await new McpSettingsStore(dir).read();
    const running = await probeRunningServer(dir);
    if (wantsJson(cmd)) {
      printJson({ settings, ...running, handshakeFile: handshakePath(dir) });
      return;
    }
    printLine(
      `Enable MCP Server: ${settings.enabled ? "on" : "off"} (preferred port ${settings.preferredPort})`
    );
    if (running.running) {
      printLine(
        `Running on port ${running.port}: ${running.url} (pid ${running.pid}, since ${running.since})`
      );
      printLine(`Protocol revisions: ${running.protocolVersions.join(", ")}`);
      if (running.port !== settings.preferredPort)
        printLine(
          `The preferred port ${settings.preferredPort} was taken; the server took ${running.port}.`
        );
    } else {
      printLine(`Not running: ${running.reason}.`);
      if (settings.enabled) printLine("Start Quarry (quarry start) to run it.");
    }
    printLine(
      `Limits per token: ${settings.limits.requestsPerMinute} requests a minute, ${settings.limits.concurrentRequests} at once; approvals wait ${settings.limits.approvalTimeoutSeconds} s.`
    );
  });
}

// src/cli/commands/mcp/index.ts
function registerMcpCommands(program3) {
  const group = program3.command("mcp").description("the MCP server that gives AI clients your saved connections");
  registerStatus2(group);
  registerEnable(group);
  registerDisable(group);
  registerPort(group);
  registerLimits(group);
  registerAudit(group);
  registerApprovals(group);
  registerApprove(group);
  registerDeny(group);
}

// src/cli/commands/mcp-config.ts
function registerMcpConfigCommand(program3) {
  const mcp = program3.commands.find((c) => c.name() === "mcp");
  if (!mcp) throw new Error("register the mcp command group before its config command");
  mcp.command("config").argument("[client]", `one of: ${CLIENTS.join(", ")}`).description("print the configuration that connects an AI client to Quarry (nothing is edited)").option("--name <name>", "the server's name in the client", "quarry").option("--token <token>", "http only: the token to put in the Authorization header").action(async (client, flags, cmd) => {
    if (client === void 0) {
      if (wantsJson(cmd)) printJson({ clients: CLIENTS.map((c) => CLIENT_INFO[c]) });
      else {
        printLine("quarry mcp config <client> prints the configuration for one of:");
        for (const c of CLIENTS) printLine(`  ${c.padEnd(15)} ${CLIENT_INFO[c].title}`);
      }
      return;
    }
    const id = client.trim().toLowerCase();
    if (!isClientId(id))
      throw new QuarryError(
        "invalid_input",
        `"${client}" is not a client quarry mcp config knows`,
        `Use one of: ${CLIENTS.join(", ")}. Most other clients take the claude-desktop form (mcpServers > name > command).`,
        { client }
      );
    const name = flags.name?.trim() || "quarry";
    if (flags.token !== void 0 && id !== "http")
      throw new QuarryError(
        "invalid_input",
        "--token applies to the http form only",
        `Drop --token: ${CLIENT_INFO[id].title} starts quarry-mcp, which reads its token by itself.`
      );
    if (flags.token !== void 0 && !looksLikeToken(flags.token.trim()))
      throw new QuarryError(
        "invalid_input",
        "--token is not a Quarry token (qry_ and 43 characters)",
        "Create one with quarry tokens create --name <client> --scope read-write, and pass what it prints."
      );
    const http = id === "http" ? await httpEndpoint() : void 0;
    const bridgeEnv = bridgeEnvironment(appDataDir());
    const snippet = clientSnippet(id, {
      bridge: bridgeExecutable(),
      name,
      env: bridgeEnv,
      ...http ? { url: http.url } : {},
      ...flags.token ? { token: flags.token.trim() } : {}
    });
    if (wantsJson(cmd)) {
      printJson({
        client: snippet.id,
        title: snippet.title,
        format: snippet.format,
        where: snippet.where,
        bridge: bridgeExecutable(),
        ...Object.keys(bridgeEnv).length && id !== "http" ? { env: bridgeEnv } : {},
        ...http ? { url: http.url, serverRunning: http.running } : {},
        snippet: snippet.text
      });
      return;
    }
    process.stdout.write(snippet.text);
    const notes2 = [`${snippet.title}: ${snippet.where}`];
    if (bridgeEnv.QUARRY_HOME && id !== "http")
      notes2.push(
        `This Quarry keeps its data in ${bridgeEnv.QUARRY_HOME} (not the default folder), so the snippet sets QUARRY_HOME for quarry-mcp.`
      );
    if (http && !http.running)
      notes2.push(
        `Quarry's MCP server is not running now; the URL uses the preferred port, which it takes unless another program holds it (quarry mcp status shows the port in use).`
      );
    if (id === "http" && !flags.token)
      notes2.push("Replace the <TOKEN: \u2026> placeholder with a token (or pass --token).");
    for (const n3 of notes2) process.stderr.write(`# ${n3}
`);
  });
}
async function httpEndpoint() {
  const dir = await ensureAppDataDir();
  const running = await probeRunningServer(dir);
  if (running.running) return { url: running.url, running: true };
  const settings = await new McpSettingsStore(dir).read();
  return { url: `http://127.0.0.1:${settings.preferredPort}/mcp`, running: false };
}

// src/cli/commands/plugins/shared.ts
async function service() {
  return pluginServiceFor(await ensureAppDataDir());
}
function kib(bytes2) {
  return `${Math.ceil(bytes2 / 1024)} KiB`;
}
function progressPrinter(json) {
  const tty2 = process.stderr.isTTY;
  let lastPhase = "";
  return (p) => {
    if (json) return;
    const text = p.phase === "download" ? `downloading ${p.plugin}: ${kib(p.received)} of ${kib(p.total)}` : p.phase === "verify" ? `checking ${p.plugin}'s SHA-256` : p.phase === "install" ? `installing ${p.plugin}` : `${p.plugin} is ready`;
    if (tty2) process.stderr.write(`\r\x1B[K${text}${p.phase === "done" ? "\n" : ""}`);
    else if (p.phase !== lastPhase) process.stderr.write(`${text}
`);
    lastPhase = p.phase;
  };
}

// src/cli/commands/plugins/browse.ts
function registerBrowse2(group) {
  group.command("browse").description("the plugins the catalog offers, and which are installed").action(async (_flags, cmd) => {
    const s = await service();
    const location = await s.catalogLocation();
    const offered = await s.browse();
    if (wantsJson(cmd)) {
      printJson({ catalog: location, plugins: offered });
      return;
    }
    printLine(`Catalog: ${location.url} (${location.source})`);
    printTable(
      ["database type", "available", "installed", "state"],
      offered.map((p) => [
        p.displayName,
        p.availableVersion,
        p.installedVersion ?? "-",
        p.loadError ? "installed, broken" : p.updateAvailable ? "update available" : p.installed ? "installed" : "not installed"
      ])
    );
  });
}

// src/cli/commands/plugins/catalog.ts
function registerCatalog(group) {
  group.command("catalog").description("show or set where plugins are downloaded from (a mirror's catalog.json)").argument("[url]", "the catalog's https:// or file: address").option("--reset", "go back to the catalog shipped with Quarry").action(async (url, flags, cmd) => {
    const s = await service();
    if (flags.reset) await saveCatalogSetting(s.dataDir, null);
    else if (url) await saveCatalogSetting(s.dataDir, url);
    const location = await s.catalogLocation();
    if (wantsJson(cmd)) printJson(location);
    else {
      printLine(`Catalog: ${location.url}`);
      printLine(
        location.source === "environment" ? "(from QUARRY_PLUGIN_CATALOG, which overrides the saved setting)" : location.source === "setting" ? "(saved setting; quarry plugins catalog --reset goes back to the shipped catalog)" : "(the catalog shipped with Quarry)"
      );
    }
  });
}

// src/cli/commands/plugins/install.ts
function registerInstall(group) {
  group.command("install").description("download a plugin from the catalog, check its SHA-256 and install it").argument("<plugin>", "the plugin's id or database type, e.g. elasticsearch").option("--force", "download and install again even when it is installed and intact").action(async (name, flags, cmd) => {
    const json = wantsJson(cmd);
    const res = await (await service()).install(name, {
      force: flags.force ?? false,
      onProgress: progressPrinter(json)
    });
    if (json) printJson(res);
    else if (!res.changed)
      printLine(`${res.record.id} ${res.record.version} is already installed.`);
    else
      printLine(
        `Installed ${res.record.id} ${res.record.version} (SHA-256 ${res.record.sha256}).`
      );
  });
}

// src/cli/commands/plugins/list.ts
function registerList2(group) {
  group.command("list").description("installed plugins, each checked against its SHA-256").action(async (_flags, cmd) => {
    const installed2 = await (await service()).installed();
    if (wantsJson(cmd)) {
      printJson(installed2);
      return;
    }
    if (installed2.length === 0) {
      printLine("No plugins are installed. See what is available with quarry plugins browse.");
      return;
    }
    printTable(
      ["plugin", "version", "database type", "status"],
      installed2.map((p) => [
        p.id,
        p.version,
        p.displayName,
        p.status === "ok" ? "ok" : `BROKEN: ${p.error?.message ?? ""}`
      ]),
      100
    );
    for (const p of installed2.filter((x) => x.error)) {
      printLine();
      printLine(`${p.id}: ${p.error.remedy}`);
    }
  });
}

// src/cli/commands/plugins/remove.ts
function registerRemove2(group) {
  group.command("remove").description("remove an installed plugin (its saved connections are kept)").argument("<plugin>", "the plugin's id or database type").action(async (name, _flags, cmd) => {
    const res = await (await service()).remove(name);
    if (wantsJson(cmd)) printJson(res);
    else {
      printLine(`Removed ${res.id}.`);
      printLine("Saved connections of its type are kept; opening one installs the driver again.");
    }
  });
}

// src/cli/commands/plugins/update.ts
function registerUpdate(group) {
  group.command("update").description("bring installed plugins (or the one named) to the catalog's version").argument("[plugin]", "the plugin's id or database type").action(async (name, _flags, cmd) => {
    const json = wantsJson(cmd);
    const results = await (await service()).update(name, { onProgress: progressPrinter(json) });
    if (json) {
      printJson(results);
      return;
    }
    if (results.length === 0) printLine("No plugins are installed.");
    for (const r of results) {
      if (r.note) printLine(`${r.id} ${r.from}: ${r.note}, left as it is.`);
      else if (r.changed) printLine(`${r.id}: ${r.from || "(damaged)"} \u2192 ${r.to}`);
      else printLine(`${r.id} ${r.to} is up to date.`);
    }
  });
}

// src/cli/commands/plugins/index.ts
function registerPluginCommands(program3) {
  const plugins = program3.command("plugins").description("driver plugins: list, browse the catalog, install, update, remove");
  registerList2(plugins);
  registerBrowse2(plugins);
  registerInstall(plugins);
  registerUpdate(plugins);
  registerRemove2(plugins);
  registerCatalog(plugins);
}

// src/cli/commands/save.ts
import { readFile as readFile4 } from "node:fs/promises";
var bad = (problem) => new QuarryError(
  "invalid_input",
  `The change set ${problem}`,
  'Write {"updates": [{"_id", "version", "set": {\u2026}}], "inserts": [{\u2026}], "deletes": [{"_id", "version"}]} (see docs/cli.md).'
);
function changeSetFromJson(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw bad("is not a JSON object");
  const v = value;
  for (const k of Object.keys(v)) {
    if (!["updates", "inserts", "deletes"].includes(k)) throw bad(`has an unknown key "${k}"`);
  }
  const list = (k) => {
    const l = v[k] ?? [];
    if (!Array.isArray(l) || l.some((x) => x === null || typeof x !== "object" || Array.isArray(x)))
      throw bad(`key "${k}" is not a list of objects`);
    return l;
  };
  const updates = list("updates").map((u, i) => {
    if (u.set === null || typeof u.set !== "object" || Array.isArray(u.set))
      throw bad(`update ${i + 1} has no "set" object`);
    return u;
  });
  const inserts = list("inserts").map((row) => {
    const { _id, _index, ...values } = row;
    const insert = { values };
    if (_id !== void 0) insert._id = _id;
    if (_index !== void 0) insert._index = _index;
    return insert;
  });
  const deletes = list("deletes");
  return { updates, inserts, deletes };
}
function registerSaveCommand(program3) {
  addConnectionFlags(
    program3.command("save").description("save a change set (updates, new rows, deletions) to a table, as the grid does").argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200").argument("<table>", "the index (or alias) the rows belong to").requiredOption("--changes <file>", "the change set as JSON (- for standard input)").option("--dry-run", "check the change set against the table and send nothing")
  ).action(async (conn, table, flags, cmd) => {
    const json = wantsJson(cmd);
    let text;
    try {
      text = flags.changes === "-" ? await readStdin() : await readFile4(flags.changes, "utf8");
    } catch (e) {
      throw new QuarryError(
        "invalid_input",
        `Cannot read ${flags.changes} (${e.code ?? "error"})`,
        "Check the file's path."
      );
    }
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw bad(`is not valid JSON (${e.message})`);
    }
    const changes = changeSetFromJson(parsed);
    const outcome = await withSession(conn, flags, async (s) => {
      if (flags.dryRun) return { refusals: await s.validateChanges(table, changes) };
      try {
        return { saved: await s.saveChanges(table, changes) };
      } catch (e) {
        if (e instanceof QuarryError && e.code === "changes_refused")
          return { refusals: e.details.refusals ?? [] };
        throw e;
      }
    });
    if ("refusals" in outcome) {
      const refusals = outcome.refusals;
      if (json) printJson({ refusals, sent: false });
      else if (refusals.length === 0) printLine("The change set can be saved (nothing was sent).");
      else printRefusals(refusals);
      if (refusals.length > 0) process.exitCode = EXIT.usage;
      return;
    }
    const saved = outcome.saved;
    if (json) printJson(saved);
    else printSaved(saved);
    const failed = saved.results.filter((r) => !r.ok).length;
    if (failed > 0) process.exitCode = failed === saved.results.length ? EXIT.failed : EXIT.partial;
  });
}
function printRefusals(refusals) {
  process.stderr.write(
    `Nothing was saved: ${refusals.length} edit${refusals.length === 1 ? "" : "s"} cannot be written.
`
  );
  for (const r of refusals) {
    process.stderr.write(
      `  ${r.change} ${r.row}${r.column ? ` \u203A ${r.column}` : ""}: ${r.message}
    ${r.remedy}
`
    );
  }
}
function printSaved(saved) {
  for (const r of saved.results) {
    if (r.ok) {
      const tokens = r.version !== void 0 ? ` (version ${r.version})` : "";
      printLine(
        `ok        ${r.change} ${r.row}${r._id && r._id !== r.row ? ` \u2192 _id ${r._id}` : ""}${tokens}${r.alreadySaved ? " (already saved: the cluster held this change, nothing was written again)" : ""}`
      );
    } else {
      const label = r.conflict ? "conflict " : r.notSent ? "not sent " : "failed   ";
      printLine(
        `${label} ${r.change} ${r.row}: ${r.error?.status ?? ""} ${r.error?.type ?? ""}: ${r.error?.reason ?? ""}`
      );
    }
  }
  const failed = saved.results.filter((r) => !r.ok).length;
  printLine(
    failed === 0 ? `Saved ${saved.results.length} change${saved.results.length === 1 ? "" : "s"}.` : `${failed} of ${saved.results.length} changes were not saved; they are kept in "remaining" (--json) to fix and retry. Conflicts were not overwritten.`
  );
}

// src/cli/commands/tokens/shared.ts
function shown4(t, connectionNames2, now = Date.now()) {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scope: t.scope,
    connections: t.connections === null ? null : t.connections.map((id) => connectionNames2.get(id) ?? id),
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    revokedAt: t.revokedAt,
    lastUsedAt: t.lastUsedAt ?? null,
    status: tokenStatus(t, now)
  };
}
async function connectionNames(dir) {
  const all = await new ConnectionStore(dir).list().catch(() => []);
  return new Map(all.map((c) => [c.id, c.name]));
}

// src/cli/commands/tokens/create.ts
function registerCreate2(group) {
  group.command("create").description("create a token and print it once").requiredOption("--name <name>", "a name that says which client uses it").requiredOption("--scope <scope>", `${TOKEN_SCOPES.join(" | ")}`).option(
    "--connections <list>",
    "comma-separated connection names or ids it may use (default: all)"
  ).option("--expires <lifetime>", "lifetime such as 30d, 12h, 2w, or never (default 90d)", "90d").action(
    async (flags, cmd) => {
      const scope = parseScope(flags.scope);
      if (!scope)
        throw errors.invalidConfig(
          "Scope",
          `"${flags.scope}" is not a scope`,
          `Use one of: ${TOKEN_SCOPES.map((s) => `${s} (${TOKEN_SCOPE_LABELS[s]})`).join(", ")}.`
        );
      const lifetimeMs = parseLifetime(flags.expires);
      if (lifetimeMs === void 0)
        throw errors.invalidConfig(
          "Expires",
          `"${flags.expires}" is not a lifetime`,
          "Use a number and a unit (m, h, d, w), e.g. 30d or 12h, or never."
        );
      const dir = await ensureAppDataDir();
      let connections = null;
      if (flags.connections !== void 0) {
        const store = new ConnectionStore(dir);
        const refs = flags.connections.split(",").map((s) => s.trim()).filter(Boolean);
        if (refs.length === 0)
          throw errors.invalidConfig(
            "Connections",
            "the list is empty",
            "Name at least one connection, or leave --connections out for all of them."
          );
        connections = [];
        for (const ref of refs) connections.push((await store.require(ref)).id);
      }
      const { token, record } = await new TokenStore(dir).create({
        name: flags.name,
        scope,
        connections,
        lifetimeMs
      });
      const names = await connectionNames(dir);
      if (wantsJson(cmd)) {
        printJson({ token, ...shown4(record, names) });
        return;
      }
      printLine(`Token "${record.name}" (${TOKEN_SCOPE_LABELS[record.scope]}) created:`);
      printLine();
      printLine(`  ${token}`);
      printLine();
      printLine("Copy it now: Quarry shows it only this once. Clients send it as");
      printLine(`  Authorization: Bearer ${record.prefix}\u2026`);
      printLine(
        `Connections: ${record.connections === null ? "all" : shown4(record, names).connections?.join(", ")}; expires: ${record.expiresAt ?? "never"}`
      );
    }
  );
}

// src/cli/commands/tokens/list.ts
function registerList3(group) {
  group.command("list").description("list the tokens (never the tokens themselves)").action(async (_flags, cmd) => {
    const dir = await ensureAppDataDir();
    const names = await connectionNames(dir);
    const all = (await new TokenStore(dir).list()).map((t) => shown4(t, names));
    if (wantsJson(cmd)) {
      printJson({ tokens: all });
      return;
    }
    if (all.length === 0) {
      printLine(
        "No tokens yet. Create one: quarry tokens create --name <client> --scope read-only"
      );
      return;
    }
    printTable(
      ["NAME", "PREFIX", "SCOPE", "CONNECTIONS", "CREATED", "EXPIRES", "LAST USED", "STATUS"],
      all.map((t) => [
        t.name,
        t.prefix,
        TOKEN_SCOPE_LABELS[t.scope],
        t.connections === null ? "all" : t.connections.join(", "),
        t.createdAt.slice(0, 10),
        t.expiresAt?.slice(0, 10) ?? "never",
        // To the minute: the store records use at most once a minute.
        t.lastUsedAt ? t.lastUsedAt.slice(0, 16).replace("T", " ") : "-",
        t.status
      ])
    );
  });
}

// src/cli/commands/tokens/revoke.ts
function registerRevoke(group) {
  group.command("revoke").description("revoke a token: its requests in flight end and later ones are refused").argument("<name>", "the token's name, id or prefix").action(async (name, _flags, cmd) => {
    const dir = await ensureAppDataDir();
    const revoked = await new TokenStore(dir).revoke(name);
    if (wantsJson(cmd)) printJson(shown4(revoked, await connectionNames(dir)));
    else printLine(`Token "${revoked.name}" revoked.`);
  });
}

// src/cli/commands/tokens/index.ts
function registerTokenCommands(program3) {
  const group = program3.command("tokens").description("tokens for MCP clients that connect over HTTP (Authorization: Bearer)");
  registerCreate2(group);
  registerList3(group);
  registerRevoke(group);
}

// src/cli/main.ts
function buildProgram() {
  const program3 = new Command("quarry").description(
    "A local-first client for Elasticsearch 7.17, 8.x and 9.x, with a safe local MCP server"
  ).option("--json", "print machine-readable JSON").exitOverride().configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerConnectionCommands(program3);
  registerBrowseCommands(program3);
  registerConnectionsCommands(program3);
  registerAppCommands(program3);
  registerPluginCommands(program3);
  registerTokenCommands(program3);
  registerMcpCommands(program3);
  registerMcpConfigCommand(program3);
  registerConsoleCommand(program3);
  registerSaveCommand(program3);
  registerExportCommand(program3);
  registerDeleteIndexCommand(program3);
  registerClusterCommands(program3);
  registerIndexCommands(program3);
  registerCopyCommand(program3);
  registerImportCommand(program3);
  installPreparers(program3);
  return program3;
}
handleClosedOutput();
var program2 = buildProgram();
try {
  await program2.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    process.exitCode = reportError(e, process.argv.includes("--json"));
  }
}
export {
  buildProgram
};
//# sourceMappingURL=cli.js.map
